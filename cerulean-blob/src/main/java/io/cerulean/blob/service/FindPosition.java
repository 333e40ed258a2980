package io.cerulean.blob.service;

/** Where Find Blobs by Tags resumes: after this blob, found under this value of the tag it read by. */
public record FindPosition(String value, String container, String blob) {
}
