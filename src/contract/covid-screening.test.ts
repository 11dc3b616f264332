import { describe, expect, it } from 'vitest';
import {
  CovidScreeningCreateSchema,
  SCREENING_MESSAGES,
  SYMPTOMS,
  type Symptom,
  screeningOutcome,
  screeningRisk,
} from './covid-screening';

const REAL: Symptom[] = SYMPTOMS.filter((s) => s !== 'no_symptoms');
/** Every subset of the six answers of the symptoms question (64). */
const SUBSETS: Symptom[][] = Array.from({ length: 1 << SYMPTOMS.length }, (_, mask) =>
  SYMPTOMS.filter((_s, i) => mask & (1 << i)),
);
const BOOLS = [true, false] as const;
const base = {
  id: '0190a0b0-0000-7000-8000-000000000001',
  scholar_id: '0190a0b0-0000-7000-8000-000000000002',
  answered_at: '2026-11-27T14:00:00.000Z',
};

describe('screeningOutcome: every combination of the answers', () => {
  const cases = SUBSETS.flatMap((symptoms) =>
    BOOLS.flatMap((contact) =>
      BOOLS.flatMap((household) => BOOLS.map((awaiting) => ({ symptoms, contact, household, awaiting }))),
    ),
  );

  it('covers the 64 symptom sets x contact x household x test on file (512 cases)', () => {
    expect(cases).toHaveLength(512);
  });

  for (const { symptoms, contact, household, awaiting } of cases) {
    const label = `[${symptoms.join(',') || 'nothing'}] contact=${contact} household=${household} awaiting=${awaiting}`;
    it(label, () => {
      const parsed = CovidScreeningCreateSchema.safeParse({
        ...base,
        kind: 'screening',
        symptoms,
        recent_contact: contact,
        household_symptoms: household,
      });
      const valid = symptoms.length > 0 && !(symptoms.includes('no_symptoms') && symptoms.length > 1);
      expect(parsed.success).toBe(valid);
      if (!parsed.success) {
        const messages = parsed.error.issues.filter((i) => i.path[0] === 'symptoms').map((i) => i.message);
        expect(messages).toEqual([symptoms.length ? SCREENING_MESSAGES.noneAlone : SCREENING_MESSAGES.symptoms]);
        return;
      }
      const anySymptom = symptoms.some((s) => REAL.includes(s));
      const expected = anySymptom || contact || household ? 'stay_home' : awaiting ? 'no_negative_test' : 'cleared';
      expect(screeningOutcome(parsed.data, awaiting)).toBe(expected);
      expect(screeningRisk(parsed.data)).toBe(expected === 'stay_home');
      // A remote declaration is acknowledged whatever else is known.
      expect(screeningOutcome({ ...parsed.data, kind: 'remote' }, awaiting)).toBe('remote');
    });
  }
});

describe('CovidScreeningCreateSchema', () => {
  it('takes a remote declaration without answers and refuses one with answers', () => {
    const remote = CovidScreeningCreateSchema.parse({ ...base, kind: 'remote' });
    expect(remote).toMatchObject({ kind: 'remote', symptoms: [], recent_contact: null, household_symptoms: null });
    expect(screeningOutcome(remote, true)).toBe('remote');
    expect(CovidScreeningCreateSchema.safeParse({ ...base, kind: 'remote', symptoms: ['cough'] }).success).toBe(false);
  });

  it('says which yes-or-no question is unanswered', () => {
    const parsed = CovidScreeningCreateSchema.safeParse({ ...base, kind: 'screening', symptoms: ['no_symptoms'] });
    expect(parsed.success).toBe(false);
    const fields = parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
    expect(fields.sort()).toEqual(['household_symptoms', 'recent_contact']);
  });

  it("answers with the seed's names, and reads an answer an older phone queued under the names it had", () => {
    const seed = {
      ...base,
      kind: 'screening',
      symptoms: ['no_symptoms'],
      recent_contact: false,
      household_symptoms: true,
    };
    const parsed = CovidScreeningCreateSchema.parse(seed);
    expect(Object.keys(parsed).sort()).toEqual(
      [
        'answered_at',
        'device_id',
        'household_symptoms',
        'id',
        'kind',
        'recent_contact',
        'scholar_id',
        'symptoms',
      ].sort(),
    );
    const queued = { ...base, kind: 'screening', symptoms: ['none'], contact: false, household: true };
    expect(CovidScreeningCreateSchema.parse(queued)).toEqual(parsed);
    expect(screeningOutcome(parsed, false)).toBe('stay_home');
  });

  it('refuses a symptom twice and a symptom not on the list', () => {
    const twice = {
      ...base,
      kind: 'screening',
      symptoms: ['cough', 'cough'],
      recent_contact: false,
      household_symptoms: false,
    };
    expect(CovidScreeningCreateSchema.safeParse(twice).success).toBe(false);
    const unknown = {
      ...base,
      kind: 'screening',
      symptoms: ['sneezing'],
      recent_contact: false,
      household_symptoms: false,
    };
    expect(CovidScreeningCreateSchema.safeParse(unknown).success).toBe(false);
  });
});
