import { describe, expect, it } from 'vitest';
import { recorderName, setUserIdSource, setUserNameSource } from './index';

describe('recorderName', () => {
  it("names the signed-in person's own entries and nobody else's (the device knows no other staff name)", () => {
    setUserIdSource(() => 'user-1');
    setUserNameSource(() => 'Carmen Cafeteria');
    expect(recorderName('user-1')).toBe('Carmen Cafeteria');
    expect(recorderName('user-2')).toBeNull();
    setUserIdSource(() => null);
    expect(recorderName('user-1')).toBeNull();
  });
});
