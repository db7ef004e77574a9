// The linter of the browser client's JavaScript (as ruff is the Python's; tests/test_js.py runs it):
// ESLint's recommended rules on the page's own modules (assets/web, its vendored msgpack left as
// it came) and the unit tests under Node (tests/js). Versions pinned in package.json and
// package-lock.json (`npm ci` installs exactly them).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["assets/web/vendor/**", "node_modules/**", ".venv/**", "build/**", "dist/**"] },
  js.configs.recommended,
  {
    files: ["assets/web/**/*.js", "tests/web_tikal/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["tests/js/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
  {
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": ["error", { destructuring: "all" }],
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-eval": "error",
    },
  },
  {
    files: ["assets/web/app/boot.js"],     // the page's one classic script (it runs before the modules, in any browser)
    languageOptions: { sourceType: "script" },
    rules: { "no-var": "off" },
  },
];
