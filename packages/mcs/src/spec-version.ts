/**
 * The version of the MCS specification this package implements.
 *
 * @module
 */

/**
 * The MCS specification version this package implements, as `MAJOR.MINOR.PATCH`.
 *
 * The specification we follow is "Draft v0.1"; every driver built with this package declares it
 * as its `specVersion`.
 *
 * @see mcs §9
 */
export const MCS_SPEC_VERSION = '0.1.0';
