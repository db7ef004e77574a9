// A game's words in the lobby (its title, its options' names and values), from what the host's
// welcome declares of it (docs/protocol.md `welcome`: each game's `title` and `labels`, the
// catalog keys its engine declares, engine/info.py), with a fallback from catalog keys built from
// the names (`web.game.<game>`, `web.option.<option>`, `web.option.<option>.<value>`), then the
// names as they are: the shell names no game, and a game it has never heard of still reads.
// `cat` is the page's catalog (`t`, `has`); `info` a game of the welcome (or undefined).

/** An option's value as the welcome's labels spell it (JSON's: `base`, `true`, `7`). */
export const word = (value) => String(value);

/** The game's title in the page's language. */
export function gameTitle(cat, info, game) {
  const key = `web.game.${game}`;
  if (cat.has(key)) return cat.t(key);
  return (info && info.title) || game;
}

/** An option's name ("Variant"). */
export function optionLabel(cat, info, name) {
  const key = (info && info.labels && info.labels[name]) || `web.option.${name}`;
  return cat.has(key) ? cat.t(key) : name;
}

/** A value's own word ("auction"), or null when neither the welcome nor the catalog has one. */
function valueWord(cat, info, name, value) {
  const declared = info && info.labels && info.labels[`${name}=${word(value)}`];
  for (const key of [declared, `web.option.${name}.${word(value)}`]) if (key && cat.has(key)) return cat.t(key);
  return null;
}

const yesNo = (info, name) => {
  const values = info && info.options && info.options[name];
  return Array.isArray(values) && values.length === 2 && values.every((v) => typeof v === "boolean");
};

/** A value's word on the lobby's button for it ("auction", "cards as dice"; else "7", or on/off). */
export function valueLabel(cat, info, name, value) {
  const w = valueWord(cat, info, name, value);
  if (w !== null) return w;
  if (typeof value === "boolean" && cat.has(value ? "common.on" : "common.off")) return cat.t(value ? "common.on" : "common.off");
  return word(value);
}

/** A table's options in a line's parts, in the welcome's order: each value's word ("auction"), a
 * yes/no option only while it is on ("cards as dice"), a value without a word of its own after
 * its option's name ("pile: 7"). */
export function optionsLine(cat, info, options) {
  const o = options || {};
  const names = info && info.options ? Object.keys(info.options) : Object.keys(o);
  const out = [];
  for (const name of names) {
    const value = name in o ? o[name] : info && info.defaults ? info.defaults[name] : undefined;
    if (value === undefined) continue;
    if (yesNo(info, name) && value === false) continue;
    const w = valueWord(cat, info, name, value);
    if (w !== null) out.push(w);
    else if (value === true) out.push(optionLabel(cat, info, name));
    else out.push(`${optionLabel(cat, info, name)}: ${word(value)}`);
  }
  return out;
}
