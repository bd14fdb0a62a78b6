/**
 * `@x/mcs/autostart`: the autostart companion of mcs §6. It launches a driver's bridge from its
 * metadata (a command, or a container image when a container runtime is usable), waits for it
 * to be healthy, returns the endpoint and stops it on close. Node-only, hence a subpath.
 *
 * @module
 */

// Metadata
export {
  type BridgeLaunch,
  type BridgeLaunchInput,
  BridgeLaunchSchema,
} from './bridge-launch.js';
// Container runtimes
export {
  type ContainerRuntimeSearch,
  DEFAULT_CONTAINER_RUNTIMES,
  findContainerRuntime,
  probeContainerRuntime,
  type RuntimeProbe,
} from './container-runtime.js';
// Starting and stopping
export {
  type RunningBridge,
  type StartBridgeOptions,
  startBridge,
  startBridgeFromMeta,
} from './start-bridge.js';
