"""The interface's languages: English (the source), German and Danish via `gettext`.

Catalogs live in `locale/<lang>/LC_MESSAGES/stammtisch.po` (the source) and are compiled to
`stammtisch.mo` beside them by `compile_catalogs()` (`python -m game.i18n`), a small stdlib-only
GNU .mo writer; a wheel ships them compiled inside the package (`game.resources`). `_()` looks the text up at call time, so a language switch shows at the next draw;
`N_()` only marks module-level constants for extraction – translate them with `_()` where drawn.
Rule ids, the referee's rulings and the call-outs ("Midtvejsskål!", "Horrido!", …) are never
translated. No pygame here.
"""
from __future__ import annotations

import ast
import io
import re
import struct
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Union

from game import resources
from game.rules.phrase import N_ as N_  # (the marker is the phrases'; every module takes it from here)
from game.rules.phrase import say

if TYPE_CHECKING:
    import gettext

DOMAIN = "stammtisch"
LOCALE_DIR = resources.LOCALE  # the checkout's locale/ or the copy in the installed package
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "da": "Dansk"}
SOURCE_LANGUAGE = "en"


class _Source:
    """The source language's catalogue: every text as it is (gettext's `NullTranslations`, without
    loading gettext before another language is chosen – the menu's start, issue 30)."""

    def gettext(self, message: str) -> str:
        return message


Catalog = Union[_Source, "gettext.NullTranslations"]
_current = SOURCE_LANGUAGE
_translation: Catalog = _Source()


def _catalog(code: str) -> Catalog:
    """The catalogue of `code`, read now."""
    if code == SOURCE_LANGUAGE:
        return _Source()
    import gettext

    return gettext.GNUTranslations(io.BytesIO(_catalog_bytes(code)))


def set_language(code: str) -> None:
    """Switch the interface language; unknown codes are refused with the known ones listed."""
    global _current, _translation
    if code not in LANGUAGES:
        known = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
        raise ValueError(f"unknown language {code!r}; choose one of {known}")
    _translation = _catalog(code)
    _current = code


_kept: dict[str, Catalog] = {}  # each language's catalogue, read once (`speaking`)


def _translation_of(code: str) -> Catalog:
    if code not in _kept:
        _kept[code] = _catalog(code)
    return _kept[code]


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Within the block, `_()`, `plural()` and `tr()` speak `code` (a browser's language at the host),
    then the language in use before. On the thread that draws (or with nothing drawing): the language
    is the process's."""
    global _current, _translation
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    was = _current, _translation
    _current, _translation = code, _translation_of(code)
    try:
        yield
    finally:
        _current, _translation = was


def _catalog_bytes(code: str) -> bytes:
    """The compiled catalog of `code`: the shipped .mo, else compiled from the .po now (and written
    beside it when that folder may be written – an installed package's may not)."""
    mo = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if mo.is_file():
        return mo.read_bytes()
    data = compile_catalog(code)
    try:
        mo.write_bytes(data)
    except OSError:
        pass  # a read-only install: the catalog lives in memory for this run
    return data


def language() -> str:
    """The code of the language in use ("en", "de" or "da")."""
    return _current


def _(text: str) -> str:
    """`text` (an English msgid) in the current language; untranslated text comes back as is."""
    return _translation.gettext(text)


def plural(one: str, many: str, n: int, **values: object) -> str:
    """A count in words, in the current language: `one` (an English msgid, "{n} sip") for 1,
    `many` ("{n} sips") for any other number, formatted with `n` and `values`. German and Danish
    choose as English does (one and the rest), so two msgids serve all three languages."""
    return _(one if n == 1 else many).format(n=n, **values)


def tr(text: str) -> str:
    """A referee's text (a ruling's arithmetic: `game.rules.phrase.Phrase`) in the current language;
    a plain string comes back as it is."""
    return say(text, _)


_RULE_REASON = re.compile(r" ?\(([a-z]+\.[\w.]+): ([^()]*)\)")


def refusal_words(text: str) -> str:
    """A referee's refusal as a person reads it: a reason given as "(racerbile.gears: as many dice as
    the gear)" becomes "– as many dice as the gear (rule racerbile.gears)", the rule cited, not
    standing for words (the window's toasts and a browser's refusals alike)."""
    return _RULE_REASON.sub(lambda m: " – " + _("{reason} (rule {rule})").format(reason=m.group(2), rule=m.group(1)), text)


# --- catalogs ---------------------------------------------------------------------------------

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(s: str) -> str:
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise ValueError(f"not a quoted PO string: {s!r}")
    out: list[str] = []
    body = s[1:-1]
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def parse_po(text: str) -> dict[str, str]:
    """msgid → msgstr of a PO file (the header under ""); fuzzy entries and plurals are not used here."""
    entries: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    target: list[str] | None = None

    def flush() -> None:
        if msgid is not None and msgstr is not None:
            entries["".join(msgid)] = "".join(msgstr)

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            flush()
            msgid, msgstr = [_unquote(line[6:])], None
            target = msgid
        elif line.startswith("msgstr "):
            msgstr = [_unquote(line[7:])]
            target = msgstr
        elif line.startswith('"') and target is not None:
            target.append(_unquote(line))
        else:
            raise ValueError(f"unexpected PO line: {raw!r}")
    flush()
    return entries


def mo_bytes(entries: dict[str, str]) -> bytes:
    """A GNU .mo file (little-endian, no hash table) holding `entries`, keys sorted as gettext wants."""
    keys = sorted(entries, key=lambda k: k.encode("utf-8"))
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    n = len(keys)
    header_size = 7 * 4
    orig_table = header_size
    trans_table = orig_table + n * 8
    data_start = trans_table + n * 8
    data = bytearray()
    orig: list[tuple[int, int]] = []
    trans: list[tuple[int, int]] = []
    for b in ids:
        orig.append((len(b), data_start + len(data)))
        data += b + b"\0"
    for b in strs:
        trans.append((len(b), data_start + len(data)))
        data += b + b"\0"
    out = bytearray(struct.pack("<7I", 0x950412DE, 0, n, orig_table, trans_table, 0, data_start))
    for length, offset in orig:
        out += struct.pack("<2I", length, offset)
    for length, offset in trans:
        out += struct.pack("<2I", length, offset)
    out += data
    return bytes(out)


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def compile_catalog(code: str) -> bytes:
    """The .mo bytes for one language's .po file (empty translations are left out, as msgfmt does)."""
    return compile_catalog_file(po_path(code))


def compile_catalog_file(po: Path) -> bytes:
    """The .mo bytes for the .po file at `po` (the build compiles the wheel's catalogs with it)."""
    entries = parse_po(po.read_text(encoding="utf-8"))
    return mo_bytes({k: v for k, v in entries.items() if v})


def compile_catalogs(codes: list[str] | None = None) -> list[Path]:
    """Write `stammtisch.mo` beside each translated language's .po file; the paths written."""
    written: list[Path] = []
    for code in codes or [c for c in LANGUAGES if c != SOURCE_LANGUAGE]:
        path = po_path(code).with_suffix(".mo")
        path.write_bytes(compile_catalog(code))
        written.append(path)
    return written


# --- extraction -------------------------------------------------------------------------------

def extract(source: str) -> list[str]:
    """The literal msgids of `_("…")`, `N_("…")`, `fmt("…", …)` (`game.net.late_words`) and
    `plural("…", "…", n)` calls in Python source (found with `ast`)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("plural", "count_words"):
            found += [a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("_", "N_", "fmt")
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(node.args[0].value)
    return found


def extract_files(paths: list[Path]) -> list[str]:
    """Every msgid in `paths`, first occurrence order, without repeats."""
    seen: dict[str, None] = {}
    for p in paths:
        for msgid in extract(p.read_text(encoding="utf-8")):
            seen.setdefault(msgid, None)
    return list(seen)


_JS_CALL = re.compile(r"""\bt\(\s*(?:"((?:[^"\\\n])*)"|'((?:[^'\\\n])*)')""")


def extract_js(source: str) -> list[str]:
    """The literal msgids of `t("…")` calls in the browser client's JavaScript (`game/web/`): plain
    literals only (no escapes), as the page's words are written."""
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in _JS_CALL.finditer(source)]


def web_msgids() -> list[str]:
    """Every msgid the browser client uses (`t("…")` in `game/web/*.js`), in first-use order."""
    seen: dict[str, None] = {}
    for path in sorted((Path(__file__).resolve().parent / "web").glob("*.js")):
        for msgid in extract_js(path.read_text(encoding="utf-8")):
            seen.setdefault(msgid, None)
    return list(seen)


def program_msgids() -> dict[str, Path]:
    """Every msgid marked in the program (`game/`: its Python and the browser client's JavaScript),
    with the first file that uses it."""
    found: dict[str, Path] = {}
    here = Path(__file__).resolve().parent
    for path in sorted(here.rglob("*.py")):
        for msgid in _extracted(path, extract):
            found.setdefault(msgid, path)
    for path in sorted((here / "web").glob("*.js")):
        for msgid in _extracted(path, extract_js):
            found.setdefault(msgid, path)
    return found


_EXTRACTED: dict[Path, tuple[tuple[int, int], list[str]]] = {}  # a file's msgids, while its size and time stay


def _extracted(path: Path, how: Callable[[str], list[str]]) -> list[str]:
    """`how(path's text)`, kept while the file is unchanged (parsing the whole program takes seconds)."""
    st = path.stat()
    key = (st.st_mtime_ns, st.st_size)
    got = _EXTRACTED.get(path)
    if got is None or got[0] != key:
        got = _EXTRACTED[path] = (key, how(path.read_text(encoding="utf-8")))
    return got[1]


def web_words(code: str) -> dict[str, str]:
    """The browser client's words in language `code`: msgid → its translation (the same catalogue
    as the windows')."""
    with speaking(code):
        return {m: _(m) for m in web_msgids()}


def _po_quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def update_catalogs() -> dict[str, list[str]]:
    """Add the program's new msgids to each translated .po file with an empty msgstr (to be
    translated there); per language, every msgid still without a translation."""
    root = LOCALE_DIR.parent
    marked = program_msgids()
    todo: dict[str, list[str]] = {}
    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        path = po_path(code)
        text = path.read_text(encoding="utf-8")
        have = parse_po(text)
        new = [m for m in marked if m not in have]
        if new:
            blocks = []
            for m in new:
                where = marked[m].relative_to(root) if marked[m].is_relative_to(root) else marked[m]
                flag = "#, python-brace-format\n" if "{" in m else ""
                blocks.append(f"#: {where}\n{flag}msgid {_po_quote(m)}\nmsgstr \"\"\n")
            path.write_text(text.rstrip("\n") + "\n\n" + "\n".join(blocks), encoding="utf-8")
        todo[code] = [m for m in marked if not have.get(m)]
    return todo


def main(argv: list[str]) -> int:
    """`python -m game.i18n`: compile the catalogs; `… update`: first add new msgids to the .po files."""
    if argv[:1] == ["update"]:
        for code, todo in update_catalogs().items():
            for m in todo:
                print(f"{po_path(code)}: to translate: {m!r}")
    elif argv:
        print("usage: python -m game.i18n [update]", file=sys.stderr)
        return 2
    for written in compile_catalogs():
        print(written)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

