/**
 * One scholar's data as ONE zip (DESIGN section 13): everything the school holds about them, a CSV file per kind of
 * record (csv-stringify, RFC 4180, a header row, UTF-8), their photo and their pick-up adults' photos, each signed
 * Independent Study agreement as the PDF the agreement screen prints (server/lib/agreement-pdf.ts), and README.txt
 * saying what each file is. What a family may ask for under FERPA (34 CFR 99.10) and California's Education Code
 * 49069.7: the records about the pupil, in a form they can read.
 *
 * Read in one repeatable-read transaction, so the files agree with each other. Nothing is left out for a role: the
 * export is the administrator's alone (`scholar_data-view`), including meal eligibility (the family's own).
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { strToU8, type Zippable, zipSync } from 'fflate';
import type { Tx } from '../../db/client';
import {
  absenceReports,
  auditEvents,
  authorizedPickUps,
  checkIns,
  conferenceSignIns,
  conferences,
  courseEnrollments,
  courses,
  courseWork,
  courseWorkSubmissions,
  covidNegativeTests,
  covidScreenings,
  demographics,
  guardianships,
  independentStudyAddenda,
  independentStudyAgreements,
  independentStudySignatures,
  independentStudyVersions,
  mealEligibilityHistory,
  messengerSchedules,
  notices,
  nslpRecords,
  photos,
  users,
} from '../../db/schema';
import { detailOf } from '../../routes/independent_study/agreements';
import { renderAgreementPdf } from '../agreement-pdf';
import { notFound } from '../errors';
import { likeEscape } from '../resource';

type Cell = unknown;
type Rows = Record<string, Cell>[];

/** A value as a CSV cell: JSON for objects and lists, ISO text for dates, empty for null. */
function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** Rows as CSV with the given columns (in order) as the header, also when there are no rows. */
function csv(columns: readonly string[], rows: Rows): Uint8Array {
  const body = stringify(
    rows.map((r) => columns.map((c) => cell(r[c]))),
    { header: true, columns: [...columns], record_delimiter: '\r\n' },
  );
  return strToU8(body || `${columns.join(',')}\r\n`);
}

/** The columns of a table's rows, without the ones that are no one's business outside the school's systems. */
const columnsOf = (rows: Rows, fallback: readonly string[], omit: readonly string[] = []): string[] => {
  const first = rows[0];
  const all = first ? Object.keys(first) : [...fallback];
  return all.filter((c) => !omit.includes(c));
};

/** A file name's extension for a stored photo's type. */
function extensionOf(contentType: string): string {
  const map: Record<string, string> = {
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
    'image/gif': 'gif',
    'image/svg+xml': 'svg',
  };
  return map[contentType] ?? 'bin';
}

/** A person's name as part of a file name: ASCII letters and digits joined by hyphens. */
function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'person'
  );
}

/** What README.txt says each file is, in the order the zip holds them. */
const FILE_NOTES: Record<string, string> = {
  'scholar.csv':
    'The scholar record: names, student number, grade, program, homeroom, badge code, meal eligibility, alerts, enrolment and withdrawal.',
  'account.csv':
    "The scholar's own sign-in account for the Scholar Portal, if any (no password is kept in readable form, and none is exported).",
  'meal_eligibility_history.csv':
    'Every meal eligibility determination (free, reduced, paid) and the day it took effect.',
  'guardians.csv':
    'The parents and guardians linked to the scholar: name, email, phone, relationship, whether they may pick up.',
  'pick_up_adults.csv':
    'The adults who may (or, with status not_authorized, may not) pick the scholar up, with their notes and dates.',
  'check_ins.csv': 'Arrivals, departures, sign-outs and returns, with the reason, the pick-up adult and voids.',
  'meals.csv': 'Meals served (National School Lunch Program and its siblings), with the category counted and voids.',
  'screenings.csv': 'COVID screening answers and their outcome.',
  'negative_tests.csv': 'Negative COVID tests recorded at the entrance.',
  'absence_reports.csv':
    "Absences, late arrivals and early departures reported by a guardian: the days, reason, note, who reported it and the office's acknowledgement.",
  'notices.csv':
    'The notices sent to the guardians (or the scholar) about the scholar in the last 30 days: kind, text, channel, outcome.',
  'agreements.csv': 'Independent Study Learning Agreements: dates, state, conference and courses.',
  'agreement_versions.csv': 'Each frozen version of an agreement that was sent for signatures, with its SHA-256 hash.',
  'agreement_signatures.csv':
    "Each signature's evidence: role, account, typed name, consent text, time, IP address, device, version hash.",
  'agreement_addenda.csv': 'Changes made to an agreement after it was signed.',
  'enrolments.csv': 'The classes the scholar is enrolled in.',
  'work.csv': 'Course work submissions from Google Classroom: state, late, grades, turned in and returned.',
  'conference_sign_ins.csv': 'Sign-ins on Scholar Led Conference sheets.',
  'messenger_schedules.csv': 'Office messenger duty: weekday, times and post.',
  'audit_trail.csv':
    'The audit trail about the scholar: who changed, recorded or exported what, when, from which device.',
  'photos/': "The scholar's photo and the pick-up adults' photos, as stored.",
  'agreements/': 'Each signed agreement as a PDF, with its certificate page of signature evidence.',
};

export interface ScholarExport {
  zip: Uint8Array;
  /** The file names in the zip, for the audit trail and the log. */
  files: string[];
  /** The scholar's student number, for the file name. */
  studentNumber: string;
}

/** Builds the export of one scholar; 404 when there is no such scholar. */
export async function exportScholarData(
  tx: Tx,
  scholarId: string,
  opts: { timeZone: string; today: string; schoolName: string },
): Promise<ScholarExport> {
  const [scholar] = await tx.select().from(demographics).where(eq(demographics.id, scholarId)).limit(1);
  if (!scholar) throw notFound('scholar');
  const account = scholar.user_id ? await tx.select().from(users).where(eq(users.id, scholar.user_id)).limit(1) : [];
  const files: Zippable = {};
  const put = (name: string, bytes: Uint8Array) => {
    files[name] = bytes;
  };

  put('scholar.csv', csv(columnsOf([scholar], []), [scholar]));
  const accountRows = account.map(({ password_hash, station_pin_hash, ...rest }) => {
    void password_hash;
    void station_pin_hash;
    return rest;
  });
  put(
    'account.csv',
    csv(columnsOf(accountRows, ['id', 'email', 'fname', 'lname', 'type', 'user_number']), accountRows),
  );

  const history = await tx
    .select()
    .from(mealEligibilityHistory)
    .where(eq(mealEligibilityHistory.scholar_id, scholarId))
    .orderBy(asc(mealEligibilityHistory.effective_from));
  put('meal_eligibility_history.csv', csv(['eligibility', 'effective_from', 'created_at'], history));

  const guardianRows = await tx
    .select({
      guardian_id: users.id,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      phone: users.phone,
      language: users.language,
      relationship: guardianships.relationship,
      may_pick_up: guardianships.may_pick_up,
      linked_at: guardianships.created_at,
    })
    .from(guardianships)
    .innerJoin(users, eq(users.id, guardianships.parent_id))
    .where(eq(guardianships.scholar_id, scholarId))
    .orderBy(asc(users.lname), asc(users.fname));
  put(
    'guardians.csv',
    csv(
      ['guardian_id', 'fname', 'lname', 'email', 'phone', 'language', 'relationship', 'may_pick_up', 'linked_at'],
      guardianRows,
    ),
  );

  const pickUps = await tx
    .select()
    .from(authorizedPickUps)
    .where(eq(authorizedPickUps.scholar_id, scholarId))
    .orderBy(asc(authorizedPickUps.full_name));
  put('pick_up_adults.csv', csv(columnsOf(pickUps, ['id', 'full_name']), pickUps));

  const checks = await tx
    .select()
    .from(checkIns)
    .where(eq(checkIns.scholar_id, scholarId))
    .orderBy(asc(checkIns.occurred_at));
  put('check_ins.csv', csv(columnsOf(checks, ['id', 'kind', 'occurred_at', 'school_day']), checks));

  const meals = await tx
    .select()
    .from(nslpRecords)
    .where(eq(nslpRecords.scholar_id, scholarId))
    .orderBy(asc(nslpRecords.served_at));
  put('meals.csv', csv(columnsOf(meals, ['id', 'served_on', 'meal_type', 'eligibility']), meals));

  const screenings = await tx
    .select()
    .from(covidScreenings)
    .where(eq(covidScreenings.scholar_id, scholarId))
    .orderBy(asc(covidScreenings.answered_at));
  put('screenings.csv', csv(columnsOf(screenings, ['id', 'school_day', 'outcome']), screenings));
  const tests = await tx
    .select()
    .from(covidNegativeTests)
    .where(eq(covidNegativeTests.scholar_id, scholarId))
    .orderBy(asc(covidNegativeTests.tested_on));
  put('negative_tests.csv', csv(columnsOf(tests, ['id', 'tested_on']), tests));

  const reports = await tx
    .select()
    .from(absenceReports)
    .where(eq(absenceReports.scholar_id, scholarId))
    .orderBy(asc(absenceReports.starts_on), asc(absenceReports.created_at));
  put('absence_reports.csv', csv(columnsOf(reports, ['id', 'kind', 'starts_on', 'ends_on']), reports));

  const told = await tx
    .select({
      id: notices.id,
      kind: notices.kind,
      user_id: notices.user_id,
      title: sql<string>`${notices.message}->>'title'`,
      body: sql<string>`${notices.message}->>'body'`,
      occurred_at: notices.occurred_at,
      status: notices.status,
      channel: notices.channel,
      reason: notices.reason,
      sent_at: notices.sent_at,
    })
    .from(notices)
    .where(eq(notices.scholar_id, scholarId))
    .orderBy(asc(notices.created_at));
  put(
    'notices.csv',
    csv(['id', 'kind', 'user_id', 'title', 'body', 'occurred_at', 'status', 'channel', 'reason', 'sent_at'], told),
  );

  const agreements = await tx
    .select()
    .from(independentStudyAgreements)
    .where(eq(independentStudyAgreements.scholar_id, scholarId))
    .orderBy(asc(independentStudyAgreements.begins_on));
  const agreementIds = agreements.map((a) => a.id);
  const some = agreementIds.length > 0;
  const versions = some
    ? await tx
        .select()
        .from(independentStudyVersions)
        .where(inArray(independentStudyVersions.agreement_id, agreementIds))
        .orderBy(asc(independentStudyVersions.created_at))
    : [];
  const signatures = some
    ? await tx
        .select()
        .from(independentStudySignatures)
        .where(inArray(independentStudySignatures.agreement_id, agreementIds))
        .orderBy(asc(independentStudySignatures.signed_at))
    : [];
  const addenda = some
    ? await tx
        .select()
        .from(independentStudyAddenda)
        .where(inArray(independentStudyAddenda.agreement_id, agreementIds))
        .orderBy(asc(independentStudyAddenda.created_at))
    : [];
  put('agreements.csv', csv(columnsOf(agreements, ['id', 'state', 'begins_on', 'ends_on']), agreements));
  put('agreement_versions.csv', csv(columnsOf(versions, ['id', 'agreement_id', 'number', 'hash']), versions));
  put(
    'agreement_signatures.csv',
    csv(columnsOf(signatures, ['id', 'agreement_id', 'role', 'typed_name', 'signed_at']), signatures),
  );
  put('agreement_addenda.csv', csv(columnsOf(addenda, ['id', 'agreement_id', 'number', 'description']), addenda));

  const enrolments = await tx
    .select({
      course_id: courses.id,
      course: courses.name,
      teacher: courses.teacher,
      room: courses.room,
      sourced_id: courseEnrollments.sourced_id,
    })
    .from(courseEnrollments)
    .innerJoin(courses, eq(courses.id, courseEnrollments.course_id))
    .where(eq(courseEnrollments.scholar_id, scholarId))
    .orderBy(asc(courses.name));
  put('enrolments.csv', csv(['course_id', 'course', 'teacher', 'room', 'sourced_id'], enrolments));

  const work = await tx
    .select({
      id: courseWorkSubmissions.id,
      course: courses.name,
      title: courseWork.title,
      due_date: courseWork.due_date,
      state: courseWorkSubmissions.state,
      late: courseWorkSubmissions.late,
      assigned_grade: courseWorkSubmissions.assigned_grade,
      draft_grade: courseWorkSubmissions.draft_grade,
      max_points: courseWork.max_points,
      turned_in_at: courseWorkSubmissions.turned_in_at,
      returned_at: courseWorkSubmissions.returned_at,
      link: courseWorkSubmissions.link,
    })
    .from(courseWorkSubmissions)
    .innerJoin(courseWork, eq(courseWork.id, courseWorkSubmissions.course_work_id))
    .innerJoin(courses, eq(courses.id, courseWork.course_id))
    .where(eq(courseWorkSubmissions.scholar_id, scholarId))
    .orderBy(asc(courseWork.due_date), asc(courseWork.title));
  put(
    'work.csv',
    csv(
      [
        'id',
        'course',
        'title',
        'due_date',
        'state',
        'late',
        'assigned_grade',
        'draft_grade',
        'max_points',
        'turned_in_at',
        'returned_at',
        'link',
      ],
      work,
    ),
  );

  const signIns = await tx
    .select({
      conference: conferences.title,
      held_on: conferences.held_on,
      signer_type: conferenceSignIns.signer_type,
      signer_name: conferenceSignIns.signer_name,
      signed_at: conferenceSignIns.signed_at,
    })
    .from(conferenceSignIns)
    .innerJoin(conferences, eq(conferences.id, conferenceSignIns.conference_id))
    .where(eq(conferenceSignIns.scholar_id, scholarId))
    .orderBy(asc(conferenceSignIns.signed_at));
  put('conference_sign_ins.csv', csv(['conference', 'held_on', 'signer_type', 'signer_name', 'signed_at'], signIns));

  const duty = await tx
    .select()
    .from(messengerSchedules)
    .where(eq(messengerSchedules.scholar_id, scholarId))
    .orderBy(asc(messengerSchedules.weekday), asc(messengerSchedules.start_time));
  put('messenger_schedules.csv', csv(columnsOf(duty, ['weekday', 'start_time', 'end_time', 'post']), duty));

  // The audit trail about the scholar: events on their own records, events by their own account, and any other
  // event whose recorded changes name their id (a sync batch, an import).
  const recordIds = [
    scholarId,
    ...pickUps.map((p) => p.id),
    ...checks.map((c) => c.id),
    ...meals.map((m) => m.id),
    ...agreementIds,
    ...duty.map((d) => d.id),
  ];
  const about: SQL[] = [
    inArray(auditEvents.record_id, recordIds),
    sql`${auditEvents.changes}::text like ${`%${likeEscape(scholarId)}%`}`,
  ];
  if (scholar.user_id) about.push(eq(auditEvents.user_id, scholar.user_id), eq(auditEvents.record_id, scholar.user_id));
  const trail = await tx
    .select()
    .from(auditEvents)
    .where(or(...about))
    .orderBy(asc(auditEvents.occurred_at), asc(auditEvents.id));
  put(
    'audit_trail.csv',
    csv(['id', 'occurred_at', 'user_id', 'action', 'resource', 'record_id', 'changes', 'device_id', 'ip'], trail),
  );

  // Files: the scholar's photo (and their account's), the pick-up adults' photos, the signed agreements' PDFs.
  const photoIds = [scholar.photo_id, ...pickUps.map((p) => p.photo_id)].filter((id): id is string => !!id);
  const ownPhotos = await tx
    .select()
    .from(photos)
    .where(
      or(
        and(eq(photos.owner_type, 'demographics'), eq(photos.owner_id, scholarId)),
        photoIds.length ? inArray(photos.id, photoIds) : undefined,
      ),
    );
  for (const photo of ownPhotos) {
    const pickUp = pickUps.find((p) => p.photo_id === photo.id);
    const who = photo.id === scholar.photo_id || !pickUp ? 'scholar' : `pick-up-${slug(pickUp.full_name)}`;
    put(`photos/${who}-${photo.id.slice(0, 8)}.${extensionOf(photo.content_type)}`, new Uint8Array(photo.bytes));
  }
  for (const agreement of agreements.filter((a) => a.state === 'signed')) {
    const detail = await detailOf(tx, agreement, opts.today);
    put(
      `agreements/agreement-${agreement.begins_on}-${agreement.id.slice(0, 8)}.pdf`,
      await renderAgreementPdf(detail, opts.timeZone),
    );
  }

  const names = Object.keys(files);
  put('README.txt', strToU8(readme(names, scholar, opts)));
  return { zip: zipSync(files, { level: 6 }), files: ['README.txt', ...names], studentNumber: scholar.student_number };
}

/** README.txt: whose data, from which school and when, then each file and what it is. */
function readme(
  names: string[],
  scholar: { fname: string; lname: string; student_number: string },
  opts: { today: string; schoolName: string },
): string {
  const lines = [
    `The data ${opts.schoolName} holds about ${scholar.fname} ${scholar.lname} (student number ${scholar.student_number}),`,
    `exported on ${opts.today}.`,
    '',
    'The CSV files are UTF-8 text with a header row; dates are YYYY-MM-DD and times ISO 8601 in UTC. Each file is',
    'one kind of record; a file with only its header row means the school holds no record of that kind.',
    '',
  ];
  for (const [file, note] of Object.entries(FILE_NOTES)) {
    const held = file.endsWith('/') ? names.filter((n) => n.startsWith(file)) : names.filter((n) => n === file);
    if (!held.length) continue;
    lines.push(`${file}${file.endsWith('/') ? ` (${held.length} file${held.length === 1 ? '' : 's'})` : ''}`);
    lines.push(`  ${note}`);
  }
  lines.push('');
  return lines.join('\r\n');
}
