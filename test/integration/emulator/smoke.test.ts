import type { RunningEmulator } from "../../../emulator/src/index";
import { getJson, passwordToken, startTestEmulator } from "./helpers";

describe("emulator start", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(async () => {
    await emu.stop();
  });

  it("issues a token that lists the user's companies", async () => {
    const token = await passwordToken(emu);
    const { status, body } = await getJson<{ name: string }[]>(
      `${emu.authUrl}/api/app/company`,
      token.access_token,
    );
    expect(status).toBe(200);
    expect(body.map((c) => c.name)).toEqual(["Northwind Construction", "Ivan Petrov", "СтройГрупп Север"]);
  });
});
