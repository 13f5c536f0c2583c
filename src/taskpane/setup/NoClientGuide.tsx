// The sign-in screen's "I have no client id": what to ask the company administrator for, in three
// steps, with the add-in's own address to pass on; and, for an administrator, where the first
// client is made (the personal account), after which the set-up in Settings does the rest.
import { useEffect, useRef } from "preact/hooks";
import { t } from "../../i18n";
import { Button } from "../components";
import { Copyable, CopyableStep } from "./Copyable";
import type { AddinAddress } from "./setupModel";

export function NoClientGuide({ address, onBack }: { address: AddinAddress; onBack: () => void }) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <section class="fui-stack boq-guide" aria-labelledby="boq-guide-title">
      <h2 id="boq-guide-title" class="fui-title" ref={titleRef} tabIndex={-1}>
        {t("setup.guideTitle")}
      </h2>
      <p class="fui-text">{t("setup.guideIntro")}</p>
      <ol class="boq-setup-steps">
        <li class="fui-text">{t("setup.guideStep1")}</li>
        <CopyableStep
          text={t("setup.guideStep2")}
          label={t("setup.addinAddress")}
          value={address.origin}
          name="copyOrigin"
        />
        <li class="fui-text">{t("setup.guideStep3")}</li>
      </ol>
      <div class="fui-stack-s fui-card">
        <h3 class="fui-subtitle">{t("setup.guideAdminTitle")}</h3>
        <p class="fui-text">{t("setup.guideAdmin")}</p>
        <Copyable label={t("setup.redirect")} value={address.redirectUri} name="copyRedirect" />
        <p class="fui-text">{t("setup.guideAdminThen")}</p>
      </div>
      <div class="fui-row">
        <Button appearance="primary" name="closeGuide" onClick={onBack}>
          {t("setup.guideBack")}
        </Button>
      </div>
    </section>
  );
}
