// Scaffold: the messaging center's route query and loader (being written).
export function messagingCenterLoader() {
  return null;
}
