// The animations' small objects live in the shell now (assets/web/app/tween.js), shared by the
// games' tables; this file keeps the Tikal module's imports as they were.
export * from "../../app/tween.js";
