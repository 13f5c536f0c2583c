// Entry of the task pane chunk. It waits for Office so the screens can use the Excel API from
// their first render, then mounts the shell into #app (the workbench page has #app too).
import { render } from "preact";
import { App } from "./App";
import { installStyles } from "./styles";

const MOUNT_ELEMENT_ID = "app";

async function start(): Promise<void> {
  const info = await Office.onReady();
  const mount = document.getElementById(MOUNT_ELEMENT_ID);
  if (!mount) {
    throw new Error(`The task pane page has no element with id "${MOUNT_ELEMENT_ID}" to render into.`);
  }
  installStyles(document);
  render(<App host={info.host} />, mount);
}

void start();
