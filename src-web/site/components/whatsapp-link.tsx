import type { ReactNode } from 'react';
import { frenchPath } from '../../../shared/domain/routes.ts';
import { whatsappTapHref } from '../../../shared/domain/whatsapp-taps.ts';
import { useCatalogue } from '../../content/catalogue-context.tsx';
import { formatPriceDzd } from '../../content/format.ts';
import type { Plan } from '../../content/types.ts';
import { Icon } from '../../components/icon.tsx';

/** The attribute the pages' script finds the buttons by, to add the visit's arrival. */
export const WHATSAPP_LINK_ATTRIBUTE = 'data-whatsapp';

/**
 * A chat with the agency on WhatsApp, through the first-party redirect that counts the tap
 * (docs/inbox.md, « Les contacts par WhatsApp »): a plain link, prerendered, that works without
 * JavaScript; the message prefilled in the page's language names the page, or the plan and its
 * price on a price card. It opens in a new tab (WhatsApp Web on a computer, the app on a phone),
 * leaving the page where it was.
 */
function WhatsappLink({
  path,
  plan,
  className,
  name,
  children,
}: {
  path: string;
  plan?: Plan;
  className: string;
  name: string;
  children: ReactNode;
}) {
  const { language, locale, navItems, ui } = useCatalogue();
  const page = navItems.find((item) => item.path === frenchPath(path))?.label;
  const text = plan
    ? ui.whatsapp.planText(
        plan.title,
        plan.priceDzd === null
          ? ui.servicesPage.budgetToDefine
          : formatPriceDzd(plan.priceDzd, locale),
      )
    : page
      ? ui.whatsapp.pageText(page)
      : ui.whatsapp.siteText;
  const href = whatsappTapHref({
    pagePath: path,
    language,
    text,
    ...(plan ? { plan: plan.id } : {}),
  });
  return (
    <a
      href={href}
      className={className}
      aria-label={name}
      target="_blank"
      rel="noopener"
      {...{ [WHATSAPP_LINK_ATTRIBUTE]: '' }}
    >
      {children}
    </a>
  );
}

/** The button of every public page, at the bottom of the screen on the side of the reading's end. */
export function WhatsappButton({ path }: { path: string }) {
  const { ui } = useCatalogue();
  return (
    <WhatsappLink path={path} className="whatsapp-button" name={ui.whatsapp.name}>
      <Icon name="whatsapp" className="whatsapp-button-icon" />
      <span>{ui.whatsapp.label}</span>
    </WhatsappLink>
  );
}

/** A price card's link: the plan and its price in the message. */
export function PlanWhatsappLink({ path, plan }: { path: string; plan: Plan }) {
  const { ui } = useCatalogue();
  return (
    <WhatsappLink
      path={path}
      plan={plan}
      className="plan-whatsapp link-success"
      name={ui.whatsapp.planName(plan.title)}
    >
      <Icon name="whatsapp" className="me-1" />
      {ui.whatsapp.planLabel}
    </WhatsappLink>
  );
}
