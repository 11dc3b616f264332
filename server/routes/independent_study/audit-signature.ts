/** The audit event of a signature (DESIGN section 7), written in the signature's transaction by the routes. */
import type { FastifyRequest } from 'fastify';
import type { SignerRole } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';

/** Records who signed which agreement in which role, the hash signed and the state it moved to. */
export function auditSignature(
  tx: Tx,
  request: FastifyRequest,
  agreementId: string,
  role: SignerRole,
  signed: { id: string; state: string; version_hash: string },
): Promise<void> {
  return audit(tx, request, {
    action: 'create',
    resource: 'independent_study_signatures',
    recordId: signed.id,
    changes: { agreement_id: agreementId, role, version_hash: signed.version_hash, state: signed.state },
  });
}
