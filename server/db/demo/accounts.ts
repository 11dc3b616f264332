/** The demo accounts (password `demo`), listed by the README and the start banner; kept apart from the generator
 * so that printing them does not load it. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  role: string;
  type: 'staff' | 'student' | 'parent';
  description: string;
}> = [
  { email: 'admin@demo.school', role: 'Administrator', type: 'staff', description: 'Every screen, users and roles' },
  { email: 'office@demo.school', role: 'Front Office', type: 'staff', description: 'Scholars, sign-out, pick-ups' },
  { email: 'cafeteria@demo.school', role: 'Cafeteria', type: 'staff', description: 'Meal counts (NSLP)' },
  {
    email: 'foodservice@demo.school',
    role: 'Food Service Manager',
    type: 'staff',
    description: 'The meal claim: counts by category, eligibility',
  },
  { email: 'teacher@demo.school', role: 'Staff', type: 'staff', description: 'A teacher: roster, own timesheet' },
  { email: 'timekeeper@demo.school', role: 'Timekeeper', type: 'staff', description: 'All staff timesheets' },
  { email: 'scholar@demo.school', role: 'Scholar', type: 'student', description: 'A scholar: the scholar portal' },
  {
    email: 'parent@demo.school',
    role: 'Parent',
    type: 'parent',
    description: 'Guardian of the demo scholar and a sibling',
  },
];
