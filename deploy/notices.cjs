// THIRD-PARTY-NOTICES.txt in a production build: for every npm package whose code is in the
// shipped scripts, its name, version, licence and the text of its LICENSE file, and of its NOTICE
// file where it has one (Apache-2.0, the licence of oidc-client-ts, asks for that file to travel
// with the code). Read from the modules webpack actually bundled, so a package used only by tests
// or dev/ is never listed and a new runtime dependency is listed without anyone remembering to. A
// package under a licence not on the list below fails the build: that is a decision to make on
// purpose, not by an import.
//
// A small plugin rather than a published one: license-webpack-plugin 4 and webpack-license-plugin
// 4.5 (with includeNoticeText) would write much the same file, but each is one more dependency to
// keep and review for what webpack's own module list and sixty lines already give, including the
// licence allowlist that stops the build.
const fs = require("fs");
const path = require("path");

const NOTICES_FILE = "THIRD-PARTY-NOTICES.txt";
/** Licences the shipped code may carry (SPDX identifiers). */
const ALLOWED_LICENSES = new Set(["MIT", "Apache-2.0", "ISC", "BSD-2-Clause", "BSD-3-Clause", "0BSD"]);
const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt))?$/i;
const NOTICE_FILE = /^notice(\.(md|txt))?$/i;

/** The folder of the npm package that holds a bundled file, or null for the add-in's own code. */
function packageRoot(file) {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return null;
  const rest = file.slice(at + marker.length).split(path.sep);
  const depth = rest[0]?.startsWith("@") ? 2 : 1;
  return path.join(file.slice(0, at + marker.length), ...rest.slice(0, depth));
}

function licenseOf(pkg) {
  if (typeof pkg.license === "string") return pkg.license;
  if (pkg.license && typeof pkg.license.type === "string") return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((entry) => entry.type).join(" OR ");
  return "UNKNOWN";
}

function filesMatching(dir, pattern) {
  return fs
    .readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8").trim());
}

/** The notices text for the given package folders; throws on a licence not allowed. */
function noticesFor(packageDirs) {
  const packages = [...new Set(packageDirs)]
    .map((dir) => ({ dir, pkg: JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) }))
    .sort((a, b) => a.pkg.name.localeCompare(b.pkg.name));
  const refused = packages.filter(({ pkg }) => !ALLOWED_LICENSES.has(licenseOf(pkg)));
  if (refused.length > 0) {
    throw new Error(
      `The production scripts contain packages under licences not allowed for shipping: ${refused
        .map(({ pkg }) => `${pkg.name}@${pkg.version} (${licenseOf(pkg)})`)
        .join(", ")}. See deploy/notices.cjs.`,
    );
  }
  const sections = packages.map(({ dir, pkg }) => {
    const licenses = filesMatching(dir, LICENSE_FILE);
    const notices = filesMatching(dir, NOTICE_FILE);
    const source = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
    return [
      `${pkg.name} ${pkg.version}`,
      `License: ${licenseOf(pkg)}`,
      ...(source ? [`Source: ${source}`] : []),
      "",
      ...(licenses.length > 0
        ? licenses
        : [`(${pkg.name} ships no licence file; its licence is ${licenseOf(pkg)}.)`]),
      ...notices.flatMap((notice) => ["", notice]),
    ].join("\n");
  });
  return [
    "Third-party software in BOQ Bridge",
    "",
    "The add-in's scripts contain the following open-source packages. office.js is not part of",
    "them: Office loads it from Microsoft's own address.",
    "",
    ...sections.flatMap((section) => ["=".repeat(78), section, ""]),
  ].join("\n");
}

class NoticesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap("NoticesPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "NoticesPlugin", stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const dirs = [];
          for (const module of compilation.modules) {
            // A concatenated module holds the modules it was built from.
            for (const inner of module.modules ?? [module]) {
              const root = inner.resource ? packageRoot(inner.resource) : null;
              if (root) dirs.push(root);
            }
          }
          compilation.emitAsset(NOTICES_FILE, new RawSource(noticesFor(dirs)));
        },
      );
    });
  }
}

module.exports = { NOTICES_FILE, ALLOWED_LICENSES, NoticesPlugin, noticesFor, packageRoot };
