/**
 * GET /api/report-reasons: the fixed list the report sheet offers, public, in French, and
 * exactly the reasons POST /api/users/{id}/report accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MSG, REPORT_REASONS } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const reasons = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/report-reasons' });
  expect(res.statusCode).toBe(200);
  return res.json<{ success: boolean; data: { id: string; label: string }[] }>();
};

describe('GET /api/report-reasons', () => {
  it('lists every reason with its French label, without a session', async () => {
    const body = await reasons();
    expect(body.success).toBe(true);
    expect(body.data).toEqual(Object.entries(REPORT_REASONS).map(([id, label]) => ({ id, label })));
    expect(body.data.map((r) => r.label)).toContain('Harcèlement ou insultes');
  });

  it('lists exactly the reasons a report accepts', async () => {
    const { data } = await reasons();
    const reporter = await createMember(t);
    for (const { id } of data) {
      const reported = await createMember(t);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/users/${reported.id}/report`,
        payload: { token: reporter.token, reason: id },
      });
      expect(res.statusCode, id).toBe(201);
    }
    const reported = await createMember(t);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/users/${reported.id}/report`,
      payload: { token: reporter.token, reason: 'pas_une_raison' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      success: false,
      errors: { reason: [CHAT_MSG.reasonRequired] },
    });
    const rows = await t.db.query<{ reason: string }>(
      'SELECT reason FROM reports WHERE reporter_id = $1 ORDER BY id',
      [reporter.id],
    );
    expect(rows.map((r) => r.reason)).toEqual(data.map((r) => r.id));
  });
});
