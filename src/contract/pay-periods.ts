/**
 * Pay periods: the school's rule, kept in its settings, and the periods it makes. Semi-monthly by
 * default, the 1st–15th and the 16th to the month's end, as California's Labor Code section 204 asks of a charter
 * school; bi-weekly, 14 days at a time from an anchor date that starts a period; or monthly. Pure date arithmetic,
 * shared by the server (timesheets, T2) and the screens.
 */
import { z } from 'zod';
import { daysBetween, monthOf, shiftDate } from './calendar-dates';
import { DateOnlySchema, MethodOverrideSchema } from './common';
import { TimesheetFlagSettingsSchema } from './timesheets';

export const PAY_PERIOD_RULES = ['semi_monthly', 'biweekly', 'monthly'] as const;
export type PayPeriodRule = (typeof PAY_PERIOD_RULES)[number];

export interface PayPeriodSettings {
  pay_period_rule: PayPeriodRule;
  /** The first day of any one bi-weekly period (only the bi-weekly rule uses it). */
  pay_period_anchor: string | null;
}

export const DEFAULT_PAY_PERIODS: PayPeriodSettings = { pay_period_rule: 'semi_monthly', pay_period_anchor: null };

export interface PayPeriod {
  start: string;
  end: string;
}

/** The pay period a date lies in. */
export function payPeriodOf(day: string, settings: PayPeriodSettings): PayPeriod {
  const month = monthOf(day);
  if (settings.pay_period_rule === 'monthly') return month;
  if (settings.pay_period_rule === 'biweekly' && settings.pay_period_anchor) {
    const offset = daysBetween(settings.pay_period_anchor, day);
    const start = shiftDate(settings.pay_period_anchor, Math.floor(offset / 14) * 14);
    return { start, end: shiftDate(start, 13) };
  }
  const mid = `${day.slice(0, 7)}-15`;
  return day <= mid ? { start: month.start, end: mid } : { start: shiftDate(mid, 1), end: month.end };
}

/** Every pay period that touches the dates from `from` to `to`, in order. */
export function payPeriodsBetween(from: string, to: string, settings: PayPeriodSettings): PayPeriod[] {
  const out: PayPeriod[] = [];
  for (let day = from; day <= to; ) {
    const period = payPeriodOf(day, settings);
    out.push(period);
    day = shiftDate(period.end, 1);
  }
  return out;
}

/** The school's timekeeping settings as the API answers them (kept in the school settings row). */
export const TimekeepingSettingsSchema = z.object({
  pay_period_rule: z.enum(PAY_PERIOD_RULES),
  pay_period_anchor: z.string().nullable(),
  /** Which compliance flags timesheets show, all on by default. */
  timesheet_flags: TimesheetFlagSettingsSchema,
  updated_at: z.string(),
});
export type TimekeepingSettings = z.infer<typeof TimekeepingSettingsSchema>;

export const TimekeepingSettingsUpdateSchema = MethodOverrideSchema.extend({
  pay_period_rule: z.enum(PAY_PERIOD_RULES, { message: 'Choose semi-monthly, bi-weekly or monthly.' }),
  pay_period_anchor: DateOnlySchema.nullish().transform((v) => v ?? null),
  /** Absent: the flags stay as they are. */
  timesheet_flags: TimesheetFlagSettingsSchema.optional(),
}).refine((v) => v.pay_period_rule !== 'biweekly' || v.pay_period_anchor !== null, {
  message: 'Give the first day of a bi-weekly pay period.',
  path: ['pay_period_anchor'],
});
export type TimekeepingSettingsUpdate = z.infer<typeof TimekeepingSettingsUpdateSchema>;
