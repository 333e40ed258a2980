/**
 * The data tools of the {@code cerulean} command: export, import and copy, against any Azure Storage
 * endpoint, through the official SDKs.
 */
package io.cerulean.tools;
