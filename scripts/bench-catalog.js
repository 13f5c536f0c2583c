#!/usr/bin/env node
// Speed of the catalog engine against the JSON floor (issue 10): for 100,000 and 300,000 rows,
// the time of analyseCatalog + buildImportBody (with GUIDs assigned) divided by the time of
// JSON.stringify + JSON.parse of the body it builds. Median of several runs after a warm-up.
//
//   node --expose-gc scripts/bench-catalog.js [runs]
//
// The TypeScript sources are compiled on the fly with @swc/core (already a dev dependency via
// @swc/jest), so the script needs no build step.
"use strict";
const Module = require("node:module");
const { readFileSync } = require("node:fs");
const { transformSync } = require("@swc/core");

const load = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, "utf8"), {
    filename,
    jsc: { parser: { syntax: "typescript" }, target: "es2022" },
    module: { type: "commonjs" },
  });
  module._compile(code, filename);
};
Module._extensions[".ts"] = load;

// An other copy of src/catalog (for example an older commit's, from git archive) can be measured
// the same way: CATALOG_DIR=/tmp/old/src/catalog node --expose-gc scripts/bench-catalog.js
const catalogDir = process.env.CATALOG_DIR ?? require("node:path").join(__dirname, "..", "src", "catalog");
const { analyseCatalog, buildImportBody } = require(require("node:path").join(catalogDir, "index.ts"));

const HEADER = ["Шифр", "Наименование", "Цена", "Ед. изм.", "Валюта", "Guid", "Удалить"];

/** Codes like "S3", "S3.41", "S3.41-007" in a scrambled order, half with a GUID, as test/catalog/large.test.ts. */
function generate(rows) {
  const items = Math.ceil(rows / 1000);
  const out = [];
  let n = 0;
  for (let s = 1; out.length < rows; s++) {
    out.push([`S${s}`, `Section ${s}`, "", "", "", "", ""]);
    for (let u = 1; u <= 99 && out.length < rows; u++) {
      out.push([`S${s}.${u}`, `Subsection ${s}.${u}`, "", "", "", "", ""]);
      for (let i = 1; i <= items && out.length < rows; i++) {
        n++;
        const code = `S${s}.${u}-${String(i).padStart(3, "0")}`;
        const guid = n % 2 === 0 ? `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}` : "";
        out.push([code, `Item ${code}`, (n % 1000) + 0.25, "m3", "EUR", guid, ""]);
      }
    }
  }
  const stride = 7919;
  const scrambled = out.map((_, k) => out[(k * stride) % out.length]);
  const values = [HEADER, ...scrambled];
  const valueTypes = values.map((r) =>
    r.map((v) => (v === "" ? "Empty" : typeof v === "number" ? "Double" : "String")),
  );
  return { sheet: "Big", startRow: 1, startColumn: 0, values, valueTypes };
}

const SETTINGS = { CatalogName: "Bench", CompanyId: "company" };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const gc = typeof global.gc === "function" ? global.gc : () => {};

function measure(rows, runs) {
  const block = generate(rows);
  const engine = [];
  const floor = [];
  for (let k = 0; k <= runs; k++) {
    gc();
    const t0 = performance.now();
    const analysis = analyseCatalog(block);
    const { body } = buildImportBody(analysis, SETTINGS, { assignGuids: true });
    const t1 = performance.now();
    if (analysis.problems.length > 0 || body.Data.length !== rows) throw new Error("unexpected analysis");
    gc();
    const t2 = performance.now();
    JSON.parse(JSON.stringify(body));
    const t3 = performance.now();
    if (k === 0) continue; // warm-up
    engine.push(t1 - t0);
    floor.push(t3 - t2);
  }
  const e = median(engine);
  const f = median(floor);
  return { rows, engineMs: Math.round(e), floorMs: Math.round(f), ratio: Math.round((e / f) * 100) / 100 };
}

const runs = Number(process.argv[2] ?? 5);
for (const rows of [100_000, 300_000]) {
  const r = measure(rows, runs);
  console.log(
    `${r.rows.toLocaleString("en-US")} rows: engine ${r.engineMs} ms, JSON floor ${r.floorMs} ms, ratio ${r.ratio}x`,
  );
}
