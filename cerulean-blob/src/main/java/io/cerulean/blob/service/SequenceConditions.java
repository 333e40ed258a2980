package io.cerulean.blob.service;

/** A page blob's own conditions on Put Page ({@code x-ms-if-sequence-number-le, -lt, -eq}), null when not sent. */
public record SequenceConditions(Long lessOrEqual, Long less, Long equal) {
    public static final SequenceConditions NONE = new SequenceConditions(null, null, null);

    boolean holdFor(long number) {
        return (lessOrEqual == null || number <= lessOrEqual) && (less == null || number < less)
                && (equal == null || number == equal);
    }
}
