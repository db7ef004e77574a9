// Calls a page module's exported functions for a Python test (tests/node_helpers.py node_calls):
// stdin is {"module": path from the repository's root, "calls": [...]}, each call one of
//   {"fn": name, "args": [...]}                         the function's result
//   {"fn": name, "args": [...], "then": [[...], ...]}   the function it returns, called with each
//   {"new": class, "args": [...], "methods": [[name, [...]], ...]}   an object's methods' results
//   {"keys": name}                                     the names of an exported table (its keys)
//   {"value": name}                                    an exported value (plain data)
// and stdout the JSON list of the results, in order.
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, resolve } from "node:path";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const request = JSON.parse(readFileSync(0, "utf-8"));
const mod = await import(pathToFileURL(resolve(ROOT, request.module)).href);

const results = request.calls.map((c) => {
  if (c.keys) return Object.keys(mod[c.keys]);
  if (c.value) return mod[c.value];
  if (c.new) {
    const obj = new mod[c.new](...(c.args || []));
    return (c.methods || []).map(([name, args]) => obj[name](...args));
  }
  const out = mod[c.fn](...(c.args || []));
  return c.then ? c.then.map((args) => out(...args)) : out;
});
process.stdout.write(JSON.stringify(results));
