// Demo data: deterministic, the same ids on every start and whatever the size option.
import type { RunningEmulator } from "../../../emulator/src/index";
import { companyId, getJson, MAIN_COMPANY, passwordToken, startTestEmulator } from "./helpers";

interface Project {
  id: string;
  name: string;
}

async function snapshot(emu: RunningEmulator) {
  const token = (await passwordToken(emu)).access_token;
  const projects = await getJson<Project[]>(
    `${emu.baseUrl}/api/app/project/${companyId(emu, MAIN_COMPANY)}/byCompanyId`,
    token,
  );
  const boq = await getJson<{ value: unknown[] }>(
    `${emu.baseUrl}/api/odata/UnionTree('Northwind%20Construction','O''Brien%20Tower','Tower%20AR','Main%20scheme')?version=1.1&parents=true`,
    token,
  );
  return {
    demo: emu.demo,
    projects: projects.body.filter((p) => p.name !== "Benchmark"),
    boq: boq.body.value,
  };
}

it("is identical on every start and with a large size", async () => {
  const a = await startTestEmulator();
  const b = await startTestEmulator();
  const large = await startTestEmulator({ demoSize: 2000 });
  try {
    const [sa, sb, sl] = await Promise.all([snapshot(a), snapshot(b), snapshot(large)]);
    expect(sb).toEqual(sa);
    expect(sl).toEqual(sa);
  } finally {
    await Promise.all([a.stop(), b.stop(), large.stop()]);
  }
});

it("has the demo users, clients, companies and a pre-filled demo catalog", async () => {
  const emu = await startTestEmulator();
  try {
    expect(emu.demo.users.map((u) => u.username)).toEqual(["demo", "viewer"]);
    expect(emu.demo.passwordClient.clientId).toBe("boq-bridge-demo");
    expect(emu.demo.passwordClient.clientSecret).toMatch(/^demo-secret-/);
    expect(emu.demo.publicClient.clientId).toBe("boq-bridge-spa");
    expect(emu.demo.companies.map((c) => [c.name, c.isPersonal])).toEqual([
      ["Northwind Construction", false],
      ["Ivan Petrov", true],
      ["СтройГрупп Север", false],
    ]);
    const main = companyId(emu, MAIN_COMPANY);
    const tree = emu.catalogs.tree(main, "Demo catalog");
    expect(tree.map((s) => s.name)).toEqual([
      "Земляные работы",
      "Фундаменты",
      "Каркас",
      "Стены и перегородки",
      "Кровля",
      "Отделочные работы",
      "Окна и двери",
    ]);
    const concrete = tree[1]?.children[0]?.children[0];
    expect(concrete).toMatchObject({ code: "2.1.1", unit: "м3", currency: "RUB" });
    expect(concrete?.price).toBeGreaterThan(0);
  } finally {
    await emu.stop();
  }
});
