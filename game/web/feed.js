// @ts-check
/** The referee's feed as the host sends it (in the page's language): newest at the bottom. */
import { el, fill } from "./dom.js";
import { t } from "./words.js";

/** @typedef {{rule: string, who: string, what: string, text: string, title?: string, header?: boolean,
 *   struck?: boolean, override?: boolean, note?: boolean, change?: string}} FeedLine */

/** Draw `lines` into `box` (kept scrolled to the newest unless the reader scrolled up).
 * @param {HTMLElement} box @param {FeedLine[]} lines */
export function drawFeed(box, lines) {
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  fill(box, lines.map((l) => l.header
    ? el("div", { class: "feed-header" }, [l.text])
    : el("div", { class: `ruling what-${l.what}${l.struck ? " struck" : ""}${l.override ? " override" : ""}` }, [
        el("div", { class: "ruling-head" }, [
          el("span", { class: "rule-id", text: l.rule }),
          el("span", { class: "rule-title", text: [l.title, l.struck ? t("overridden") : l.override ? t("override") : ""].filter(Boolean).join(" · ") }),
        ]),
        l.change ? el("div", { class: "ruling-change", text: l.change }) : null,
        el("div", { class: "ruling-text", text: l.text }),
      ])));
  if (atEnd) box.scrollTop = box.scrollHeight;
}
