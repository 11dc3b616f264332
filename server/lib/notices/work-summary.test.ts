/**
 * The work summary mail's layout: each child's two lists in the guardian's language, as text and as HTML with every
 * title escaped (a title is the teacher's text from Classroom), a list cut at SUMMARY_LIST_MAX with the rest counted,
 * and the link only when the server knows its address.
 */
import { describe, expect, it } from 'vitest';
import { renderWorkSummary, SUMMARY_LIST_MAX, type SummaryItem } from './work-summary';

const item = (n: number): SummaryItem => ({ title: `Task ${n}`, course: 'Science', due: 'Monday, March 9' });

describe('renderWorkSummary', () => {
  it('escapes titles in the HTML part, keeps them as written in the text part', () => {
    const mail = renderWorkSummary({
      language: 'en',
      frequency: 'weekly',
      day: 'Friday, March 6',
      school: 'Lincoln & Co <Academy>',
      children: [
        {
          name: 'Jasmine',
          missing: [{ title: '<script>alert(1)</script> "lab"', course: 'Biology', due: 'Monday, March 2' }],
          upcoming: [],
        },
      ],
      link: 'https://school.example.org/scholar/work/overdue',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;lab&quot; (Biology), due Monday, March 2');
    expect(mail.html).toContain('Lincoln &amp; Co &lt;Academy&gt;');
    expect(mail.html).toContain('<p>Nothing due in the next 7 days.</p>');
    expect(mail.text).toContain('- <script>alert(1)</script> "lab" (Biology), due Monday, March 2');
    expect(mail.text).toContain('See all the work in the school app: https://school.example.org/scholar/work/overdue');
    expect(mail.body).toBe('Jasmine: 1 missing, 0 due in the next 7 days.');
  });

  it('cuts a long list and counts the rest; no link without an address; Spanish', () => {
    const missing = Array.from({ length: SUMMARY_LIST_MAX + 4 }, (_, i) => item(i + 1));
    const mail = renderWorkSummary({
      language: 'es',
      frequency: 'daily',
      day: 'jueves, 5 de marzo',
      school: 'Lincoln',
      children: [{ name: 'Marco', missing, upcoming: [item(99)] }],
      link: null,
    });
    expect(mail.subject).toBe('Resumen de tareas del jueves, 5 de marzo');
    expect(mail.text).toContain(`Task ${SUMMARY_LIST_MAX} (Science)`);
    expect(mail.text).not.toContain(`Task ${SUMMARY_LIST_MAX + 1} (Science)`);
    expect(mail.text).toContain('… y 4 más en la aplicación de la escuela.');
    expect(mail.text).toContain(`Tareas que faltan (${SUMMARY_LIST_MAX + 4})`);
    expect((mail.html.match(/<li>/g) ?? []).length).toBe(SUMMARY_LIST_MAX + 1);
    expect(mail.html).not.toContain('<a ');
    expect(mail.text).not.toContain('http');
    expect(mail.body).toBe(`Marco: ${SUMMARY_LIST_MAX + 4} tareas que faltan, 1 para los próximos 7 días.`);
  });
});
