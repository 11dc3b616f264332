/**
 * The work summary mail (`work_summary`), as Google Classroom's guardian summaries: for each child, the missing work
 * (not turned in and past due) and the work due in the next 7 days, without grades, in the guardian's language, as a
 * text part and an HTML part, with a link to the portal's work screen.
 */
import { textsFor } from './texts';

/** One line of a child's lists. */
export interface SummaryItem {
  title: string;
  course: string;
  /** "Tuesday, May 6 at 11:59 PM" in the guardian's language. */
  due: string;
}

export interface ChildSummary {
  name: string;
  missing: SummaryItem[];
  upcoming: SummaryItem[];
}

/** How many lines each list shows; the rest is counted ("… and 4 more"), the whole list is in the portal. */
export const SUMMARY_LIST_MAX = 15;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export interface RenderedSummary {
  subject: string;
  /** The delivery log's body: each child's counts. */
  body: string;
  text: string;
  html: string;
}

/** The mail for one guardian. `link` is the portal's work screen (null without PUBLIC_URL). */
export function renderWorkSummary(p: {
  language: string;
  frequency: 'weekly' | 'daily';
  /** The day the summary is for, as the language writes it. */
  day: string;
  school: string;
  children: ChildSummary[];
  link: string | null;
}): RenderedSummary {
  const t = textsFor(p.language).workSummary;
  const subject = t.subject({ frequency: p.frequency, day: p.day });
  const intro = t.intro({ frequency: p.frequency, school: p.school });
  const body = p.children
    .map((c) => t.counts({ child: c.name, missing: c.missing.length, upcoming: c.upcoming.length }))
    .join(' ');

  const lists = (c: ChildSummary) =>
    [
      { heading: t.missingHeading(c.missing.length), items: c.missing, none: t.noneMissing },
      { heading: t.upcomingHeading(c.upcoming.length), items: c.upcoming, none: t.noneUpcoming },
    ] as const;

  const textParts: string[] = [intro];
  for (const c of p.children) {
    const lines = [c.name.toUpperCase()];
    for (const list of lists(c)) {
      lines.push('', list.heading);
      if (!list.items.length) lines.push(list.none);
      for (const item of list.items.slice(0, SUMMARY_LIST_MAX)) lines.push(`- ${t.item(item)}`);
      if (list.items.length > SUMMARY_LIST_MAX) lines.push(t.more(list.items.length - SUMMARY_LIST_MAX));
    }
    textParts.push(lines.join('\n'));
  }
  if (p.link) textParts.push(t.linkLine(p.link));
  textParts.push(t.why, `— ${p.school}`);
  const text = `${textParts.join('\n\n')}\n`;

  const h = escapeHtml;
  const htmlChildren = p.children
    .map((c) => {
      const sections = lists(c)
        .map((list) => {
          const items = list.items
            .slice(0, SUMMARY_LIST_MAX)
            .map((item) => `<li>${h(t.item(item))}</li>`)
            .join('');
          const more =
            list.items.length > SUMMARY_LIST_MAX ? `<p>${h(t.more(list.items.length - SUMMARY_LIST_MAX))}</p>` : '';
          return `<h3>${h(list.heading)}</h3>${list.items.length ? `<ul>${items}</ul>${more}` : `<p>${h(list.none)}</p>`}`;
        })
        .join('');
      return `<h2>${h(c.name)}</h2>${sections}`;
    })
    .join('');
  const language = p.language === 'es' ? 'es' : 'en';
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${h(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.4">',
    `<p>${h(intro)}</p>`,
    htmlChildren,
    p.link ? `<p><a href="${h(p.link)}">${h(t.linkLabel)}</a></p>` : '',
    `<p style="color: #555">${h(t.why)}</p>`,
    `<p>— ${h(p.school)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, body, text, html };
}
