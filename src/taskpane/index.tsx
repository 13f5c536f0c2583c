// Entry of the task pane chunk. It waits for Office so the screens can use the Excel API from
// their first render, then mounts the shell into #app (the workbench page has #app too). The
// session is the runtime's one instance, shared with the custom functions.
import { render } from "preact";
import { getSession } from "../session";
import { App, GettingStarted } from "./App";
import { SessionArea } from "./session";
import { installStyles } from "./styles";

const MOUNT_ELEMENT_ID = "app";

async function start(): Promise<void> {
  const info = await Office.onReady();
  const mount = document.getElementById(MOUNT_ELEMENT_ID);
  if (!mount) {
    throw new Error(`The task pane page has no element with id "${MOUNT_ELEMENT_ID}" to render into.`);
  }
  installStyles(document);
  render(
    <App host={info.host}>
      <SessionArea session={getSession()}>
        <GettingStarted />
      </SessionArea>
    </App>,
    mount,
  );
}

void start();
