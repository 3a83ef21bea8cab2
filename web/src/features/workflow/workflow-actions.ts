import type { AssetActions, Place, Role } from '@paddock/rules';
import type { FlowAction } from './use-workflow-flow';

const SUPPLIER_EXCHANGE_VIEWS = new Set(['supplierSent', 'supplierRecieved']);

/**
 * The workflow buttons SPEC §6 lets this user see here, in the order they are shown. A supplier's
 * delete in the sent/received folders only removes the delivery from there (SPEC §4).
 */
export function visibleFlowActions(
  actions: AssetActions | undefined,
  place: Place | undefined,
  roles: readonly Role[],
): FlowAction[] {
  if (!actions || !place) return [];
  const out: FlowAction[] = [];
  if (actions.accept) out.push('accept');
  if (actions.reject) out.push('reject');
  if (actions.move) out.push('move');
  if (actions.restore) out.push('restore');
  if (actions.delete) {
    const supplierRemoval = roles.includes('supplier') && SUPPLIER_EXCHANGE_VIEWS.has(place.view);
    out.push(supplierRemoval ? 'supplier-remove' : 'delete');
  }
  return out;
}

/** The translation key of a button's label; a delete in the junk is the permanent one. */
export function flowActionLabelKey(action: FlowAction, place: Place | undefined) {
  if (action === 'delete' && place?.view === 'departmentJunk') return 'workflow.buttons.permanentDelete';
  if (action === 'supplier-remove') return 'workflow.buttons.supplierRemove';
  return `workflow.buttons.${action}` as const;
}
