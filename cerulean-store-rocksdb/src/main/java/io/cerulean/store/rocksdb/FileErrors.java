package io.cerulean.store.rocksdb;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * Why a file operation failed, for a person. The JDK's file exceptions often carry only the path as
 * their message (a NoSuchFileException's is the path alone), which would repeat the path and hide
 * the reason.
 */
final class FileErrors {
    private FileErrors() {
    }

    static String reason(IOException e) {
        if (e instanceof FileSystemException failed && failed.getReason() != null) {
            return failed.getReason();
        }
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file is in the way";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
