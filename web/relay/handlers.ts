import { DefaultHandlerProvider, type HandleFieldPayload, type RecordSourceProxy } from 'relay-runtime';

// Field handles of our own, beside Relay's (connections, @appendNode and the like).
//
// `@__clientField(handle: "onceTrue")` on a Boolean field the server never turns back to false
// (a message's `isRead`): payloads reach the store in the order they arrive, not the order the
// server read them, so a mutation answer read before a live event can land after it and would
// switch the field back off. With the handle, true stays true; every selection of the field
// that should keep it must carry the handle (the screens read the handle's key, not the field's).
// See docs/decisions.md "Messaging: read marks never go back".

/** Copies the server's value into the handle's key unless the handle's key is already true. */
export const onceTrueHandler = {
  update(store: RecordSourceProxy, payload: HandleFieldPayload) {
    const record = store.get(payload.dataID);
    if (!record) return;
    if (record.getValue(payload.handleKey) === true) return;
    record.setValue(record.getValue(payload.fieldKey), payload.handleKey);
  },
};

/** The environment's handler provider: ours by name, Relay's for the rest. */
export function handlerProvider(handle: string) {
  if (handle === 'onceTrue') return onceTrueHandler;
  return DefaultHandlerProvider(handle);
}
