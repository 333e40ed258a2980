/**
 * The operations on the account: Get / Set Table Service Properties and Get Table Service Stats,
 * on the kernel's service properties, kept durably as an account setting of the Table service.
 */
package io.cerulean.table.rest.service;
