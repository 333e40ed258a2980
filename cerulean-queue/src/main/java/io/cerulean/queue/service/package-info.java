/** The Queue service's operations, on the storage seam. */
package io.cerulean.queue.service;
