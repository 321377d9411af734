// Scaffold: the messaging center (being written).
export function MessagingCenter() {
  return null;
}
