// Scaffold: the admin support center's route query and loader (being written).
export function adminSupportLoader() {
  return null;
}
