package io.cerulean.blob.service;

/** Which list of a block list request names a block in (Put Block List's elements). */
public enum BlockSource { COMMITTED, UNCOMMITTED, LATEST }
