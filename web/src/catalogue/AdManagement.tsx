import { Suspense } from 'react';
import { lazyPart } from '../parts/lazyPart';
import type { AdManagementProps } from './AdManagementTools';
import { useViewer } from './useViewer';

// Only owners and administrators see the tools: their code (status box, admin select) loads for them.
const AdManagementTools = lazyPart(() => import('./AdManagementTools').then((module) => module.AdManagementTools));

/**
 * What the owner and administrators may do with an ad, on its card and its detail: the owner's
 * status box, the admin's status select, Edit and the status history. Nothing for anybody else.
 */
export function AdManagement({ ad, title }: AdManagementProps) {
  const viewer = useViewer();
  if (viewer.impersonator || !(ad.isMine || viewer.isAdmin)) return null;
  return (
    <Suspense fallback={null}>
      <AdManagementTools ad={ad} title={title} isAdmin={viewer.isAdmin} />
    </Suspense>
  );
}
