/** The signed-in staff member the app bar and account menu tests use: Rosa Diaz, no permissions. */
import type { SessionUser } from '../contract';

export const ROSA: SessionUser = {
  id: 'user-1',
  email: 'rosa@school.test',
  nickname: null,
  fname: 'Rosa',
  lname: 'Diaz',
  type: 'staff',
  user_number: null,
  start_date: null,
  grade: null,
  program: 'Secondary',
  permissions: [],
};
