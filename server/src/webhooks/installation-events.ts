import type { Transaction } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { applied, IGNORED, type Applied } from './applied.js';
import { readAction, readInstallation, readRepositoryNames, type Json } from './payloads.js';
import type { WebhooksRepository } from './repository.js';

/**
 * The GitHub App's `installation` events: which installation covers which catalogued projects (its id is what
 * an installation token is asked for). A suspended or deleted installation covers nothing.
 */
export async function applyInstallationEvent(
  repository: WebhooksRepository,
  trx: Transaction<DB>,
  payload: Json,
): Promise<Applied> {
  const action = readAction(payload);
  const installation = readInstallation(payload);
  if (action === 'deleted' || action === 'suspend') {
    await repository.deleteInstallation(trx, installation.id);
    return applied();
  }
  if (action !== 'created' && action !== 'unsuspend' && action !== 'new_permissions_accepted') return IGNORED;
  await repository.saveInstallation(trx, installation.id, installation.account);
  await repository.setCoverage(trx, readRepositoryNames(payload.repositories), installation.id);
  return applied();
}

/** `installation_repositories`: repositories added to or removed from an installation. */
export async function applyInstallationRepositoriesEvent(
  repository: WebhooksRepository,
  trx: Transaction<DB>,
  payload: Json,
): Promise<Applied> {
  const action = readAction(payload);
  const installation = readInstallation(payload);
  if (action !== 'added' && action !== 'removed') return IGNORED;
  await repository.saveInstallation(trx, installation.id, installation.account);
  await repository.setCoverage(trx, readRepositoryNames(payload.repositories_added), installation.id);
  await repository.setCoverage(trx, readRepositoryNames(payload.repositories_removed), null, installation.id);
  return applied();
}
