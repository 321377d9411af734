import type { WidgetMessageAddedSubscription as MessageAddedType } from '../../../__generated__/WidgetMessageAddedSubscription.graphql.ts';
import type { WidgetTicketUpdatedSubscription as TicketUpdatedType } from '../../../__generated__/WidgetTicketUpdatedSubscription.graphql.ts';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription.ts';
import { appendSupportMessage } from './appendSupportMessage.ts';
import { WidgetMessageAddedSubscription } from './WidgetMessageAddedSubscription.ts';
import { WidgetTicketUpdatedSubscription } from './WidgetTicketUpdatedSubscription.ts';

export type SupportTicketLiveProps = {
  /** the plain ticket id the subscriptions take */
  ticketId: string;
  /** the ticket's record in the store, whose thread grows */
  ticketRecordId: string;
  /** a subscription was refused or dropped (e.g. the socket no longer carries the grant) */
  onError: (error: Error) => void;
};

/**
 * Team replies and status changes while the conversation is shown. The socket must have been
 * (re)opened after the ticket's grant cookie was set: the server reads cookies once per socket.
 */
export function SupportTicketLive({ ticketId, ticketRecordId, onError }: SupportTicketLiveProps) {
  useLiveSubscription<MessageAddedType>(WidgetMessageAddedSubscription, { ticketId }, {
    updater: (store) => appendSupportMessage(store, ticketRecordId, store.getRootField('supportMessageAdded')),
    onError,
  });
  useLiveSubscription<TicketUpdatedType>(WidgetTicketUpdatedSubscription, { ticketId }, { onError });
  return null;
}
