// Scaffold: the support widget on every page (being written).
export function SupportWidget() {
  return null;
}
