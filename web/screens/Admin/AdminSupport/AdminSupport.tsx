// Scaffold: the admin support center (being written).
export function AdminSupport() {
  return null;
}
