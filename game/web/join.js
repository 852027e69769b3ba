// @ts-check
/** The screens before a seat is played: the join code typed, the free seats (players, a team's
 * drivers, the judges' seat) and Watch, a wrong code, a closed table. They draw what the host's
 * `seats` message lists; whether a seat may be taken is the host's to say. */
import { el, fill } from "./dom.js";
import { languageSwitch, t } from "./words.js";

/** @typedef {{name: string, kind: string, connected: boolean | null, away?: boolean, stand_in?: boolean,
 *   drivers?: string[]}} Seat */
/** @typedef {{seat?: string, judge?: boolean, watch?: boolean}} Choice */

/** The join code typed (the address had none, or a wrong one).
 * @param {HTMLElement} app @param {(code: string) => void} go @param {{wrong?: string}} [opts] */
export function askCode(app, go, opts = {}) {
  /** @type {HTMLInputElement} */
  const input = /** @type {any} */ (el("input", { id: "code", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", maxlength: "12", inputmode: "text", enterkeyhint: "go", value: opts.wrong || "" }));
  const send = () => { const code = input.value.replace(/\s+/g, "").toUpperCase(); if (code) go(code); };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") send(); });
  fill(app, [el("section", { class: "join" }, [
    el("h1", { text: opts.wrong !== undefined ? t("Wrong join code") : "Stammtisch" }),
    el("p", { class: opts.wrong !== undefined ? "warn" : "muted",
      text: opts.wrong !== undefined ? t("That code opens no table here. Check the code in the table's corner and type it again.")
        : t("Type the join code shown in the table's corner, or scan its QR code.") }),
    el("label", { for: "code", text: t("Join code") }), input,
    el("button", { class: "big primary", type: "button", id: "connect", onclick: send }, [opts.wrong !== undefined ? t("Try again") : t("Connect")]),
    el("footer", { class: "foot" }, [languageSwitch()]),
  ])]);
  app.className = "joining";
  input.focus();
}

/** The seats to choose from, and Watch.
 * @param {HTMLElement} app @param {{title: string, client: string, seats: Seat[], judges: boolean | null}} table
 * @param {(choice: Choice) => void} choose */
export function drawChooser(app, table, choose) {
  const remote = table.seats.filter((s) => s.kind === "remote" || s.stand_in);
  const others = table.seats.filter((s) => !(s.kind === "remote" || s.stand_in));
  const rows = remote.map((s) => {
    const taken = !!s.connected || !!s.away; // (an away seat waits for its own phone: its token)
    return el("button", { class: "big seat", type: "button", "data-seat": s.name, disabled: taken,
      onclick: () => choose({ seat: s.name }) }, [
      el("span", { class: "seat-name", text: s.name }),
      s.drivers && s.drivers.length ? el("span", { class: "seat-sub", text: table.client === "race"
        ? t("Drivers: {names}", { names: s.drivers.join(", ") }) : t("Team: {names}", { names: s.drivers.join(", ") }) }) : null,
      s.away ? el("span", { class: "seat-sub", text: t("away – the seat waits for its own phone or laptop") })
        : taken ? el("span", { class: "seat-sub", text: t("taken – played on another phone or laptop") })
        : null,
    ]);
  });
  if (table.judges !== null) {
    rows.push(el("button", { class: "big seat judges", type: "button", "data-seat": "judges", disabled: !!table.judges,
      onclick: () => choose({ judge: true }) }, [
      el("span", { class: "seat-name", text: table.judges ? t("Judges' seat (taken)") : t("Judges' seat") }),
      el("span", { class: "seat-sub", text: t("the judges' console: penalty sips, laps, rule changes, a team out") }),
    ]));
  }
  const free = remote.some((s) => !s.connected && !s.away) || table.judges === false;
  fill(app, [el("section", { class: "join" }, [
    el("h1", { text: table.title || "Stammtisch" }),
    el("p", { class: "muted", text: free ? t("Choose your seat") : t("No free seat: you can watch") }),
    ...rows,
    others.length ? el("p", { class: "muted others", text: t("At the table: {names}", { names: others.map((s) => s.name).join(", ") }) }) : null,
    el("button", { class: "big seat watch", type: "button", "data-seat": "watch", onclick: () => choose({ watch: true }) }, [
      el("span", { class: "seat-name", text: t("Watch") }),
      el("span", { class: "seat-sub", text: t("the big-screen view: the table, the standings and the referee's feed") }),
    ]),
    el("footer", { class: "foot" }, [languageSwitch()]),
  ])]);
  app.className = "joining";
}

/** The table is closed (the host's goodbye), or this phone cannot go on.
 * @param {HTMLElement} app @param {string} reason @param {() => void} again */
export function drawClosed(app, reason, again) {
  fill(app, [el("section", { class: "join" }, [
    el("h1", { text: t("The table is closed") }),
    el("p", { class: "muted", text: reason }),
    el("button", { class: "big", type: "button", onclick: again }, [t("Connect")]),
  ])]);
  app.className = "joining";
}
