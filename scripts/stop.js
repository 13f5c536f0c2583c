// `npm stop`: removes the sideloaded add-in where `npm start` sideloaded it, then stops the
// processes `npm start` recorded in .pids/ (office-addin-debugging's own stop leaves the dev
// server running, hence the pid files).
const path = require("path");
const { spawnSync } = require("child_process");
const { REPO_ROOT, recordedProcesses, isAlive, stopProcessTree, forget } = require("./processes");

const MANIFEST = path.join(REPO_ROOT, "manifest.xml");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

if (process.platform === "win32" || process.platform === "darwin") {
  spawnSync(NPM, ["exec", "--", "office-addin-debugging", "stop", MANIFEST], {
    cwd: REPO_ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
}

const processes = recordedProcesses();
if (processes.length === 0) console.log("Nothing recorded in .pids/: nothing to stop.");
for (const { name, pid } of processes) {
  if (isAlive(pid)) {
    stopProcessTree(pid);
    console.log(`Stopped ${name} (pid ${pid}).`);
  } else {
    console.log(`${name} (pid ${pid}) was no longer running.`);
  }
  forget(name);
}
