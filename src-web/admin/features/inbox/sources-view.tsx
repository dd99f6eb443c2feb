import { Fragment, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import type { Lead } from '../../../../shared/domain/leads/pipeline.ts';
import {
  formatDelay,
  SOURCES_PERIODS_DAYS,
  sourcesSummary,
  type SourcesPeriod,
  type SourcesRow,
} from '../../../../shared/domain/leads/sources.ts';

/** The URL parameter of the period shown (30 days unless it says 90). */
export const PERIOD_PARAM = 'periode';

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('fr-FR');

function periodOf(value: string | null): SourcesPeriod {
  return SOURCES_PERIODS_DAYS.find((days) => String(days) === value) ?? SOURCES_PERIODS_DAYS[0];
}

function Cells({ row }: { row: SourcesRow }) {
  return (
    <>
      <td className="text-end">{count.format(row.leads)}</td>
      <td className="text-end">{count.format(row.contacted)}</td>
      <td className="text-end">{count.format(row.won)}</td>
      <td className="text-end">{percent.format(row.conversion)}</td>
      <td className="text-end">
        {row.medianFirstReplyMs === null ? 'Aucune réponse' : formatDelay(row.medianFirstReplyMs)}
      </td>
    </>
  );
}

/**
 * One table of the summary, a real one: its caption names it, its headers are scoped, the
 * total is its footer. On a phone it scrolls sideways inside its own frame (reachable with the
 * keyboard), the first column staying readable.
 */
function SummaryTable({
  caption,
  first,
  rows,
  total,
}: {
  caption: string;
  first: string;
  rows: SourcesRow[];
  total: SourcesRow;
}) {
  const captionId = useId();
  return (
    <div
      className="table-responsive sources-table bg-white rounded-3 shadow-sm mb-4"
      role="region"
      aria-labelledby={captionId}
      // Scrollable on a phone: the keyboard must reach it too (WCAG 2.1.1; axe's
      // scrollable-region-focusable), which this rule does not know of.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="table align-middle mb-0">
        <caption id={captionId} className="caption-top px-3">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" className="text-end">
              Contacts
            </th>
            <th scope="col" className="text-end">
              Contactés
            </th>
            <th scope="col" className="text-end">
              Gagnés
            </th>
            <th scope="col" className="text-end">
              Conversion
            </th>
            <th scope="col" className="text-end">
              Première réponse (médiane)
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="fw-normal" dir="auto">
                {row.label}
              </th>
              <Cells row={row} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row">Total</th>
            <Cells row={total} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * « Sources »: where the leads of the last 30 or 90 days came from, and what became of them,
 * per source (the campaign's utm_source, the referring site, a direct visit) and per page
 * (docs/inbox.md, « Le résumé Sources »). The period is kept in the URL.
 */
export function SourcesView({
  messages,
  leads,
  now,
}: {
  messages: readonly ContactMessage[];
  leads: ReadonlyMap<string, Lead>;
  now: number;
}) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get(PERIOD_PARAM));
  const summary = useMemo(
    () => sourcesSummary(messages, leads, now, days),
    [messages, leads, now, days],
  );
  const choose = (chosen: SourcesPeriod) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (chosen === SOURCES_PERIODS_DAYS[0]) next.delete(PERIOD_PARAM);
        else next.set(PERIOD_PARAM, String(chosen));
        return next;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="sources-title">
      <h2 id="sources-title" className="h4">
        Sources des contacts
      </h2>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Période</legend>
        <div className="btn-group">
          {SOURCES_PERIODS_DAYS.map((period) => (
            <Fragment key={period}>
              <input
                type="radio"
                className="btn-check"
                id={`${id}-${period}`}
                name={`${id}-period`}
                value={period}
                checked={period === days}
                onChange={() => choose(period)}
              />
              <label className="btn btn-outline-primary" htmlFor={`${id}-${period}`}>
                {period} derniers jours
              </label>
            </Fragment>
          ))}
        </div>
      </fieldset>
      {summary.total.leads === 0 ? (
        <p className="bg-white rounded-3 shadow-sm p-4">
          Aucun contact reçu ces {days} derniers jours.
        </p>
      ) : (
        <>
          <SummaryTable
            caption={`Par source, sur les ${days} derniers jours`}
            first="Source"
            rows={summary.bySource}
            total={summary.total}
          />
          <SummaryTable
            caption={`Par page d’envoi, sur les ${days} derniers jours`}
            first="Page"
            rows={summary.byPage}
            total={summary.total}
          />
          <p className="small text-body-secondary">
            Contactés : une réponse envoyée depuis un raccourci, ou un passage à « Contacté » ou
            au-delà. Conversion : gagnés sur contacts. Source : le paramètre utm_source de la
            campagne, sinon le site référent, sinon un accès direct.
          </p>
        </>
      )}
    </section>
  );
}
