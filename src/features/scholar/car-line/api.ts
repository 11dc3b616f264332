/**
 * The guardian's car line calls. The state (window, children, tag) goes through the portal's reader (kept on the
 * phone, "as of" offline); "I'm here" goes straight to the server with a client id kept across a retry, so a tap sent
 * twice (the answer lost on a flaky connection) queues once (the server's create is idempotent on it).
 */
import { api, call } from '../../../api/client';
import type { CarLineArrival, CarLineCall } from '../../../contract';

export const CAR_LINE_PATH = 'v2/scholar/car_line';

/** Tells the school the guardian is at the curb. */
export const sendImHere = (body: CarLineArrival) =>
  call(() => api.post(CAR_LINE_PATH, { json: body }).json<{ data: CarLineCall }>());
