// Stands in for react-relay's useFragmentInternal_CURRENT, which runs only when
// RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY is off (it is on by default, and we never turn
// it off): vite.config.ts leaves the dead copy out of the bundle.
module.exports = function unusedRelayHook() {
  throw new Error('useFragmentInternal_CURRENT was left out of the build (vite.config.ts): keep RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY on');
};
