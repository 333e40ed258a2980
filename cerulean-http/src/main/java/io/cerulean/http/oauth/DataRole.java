package io.cerulean.http.oauth;

import java.util.Locale;

/**
 * The Azure built-in data-plane roles a principal may hold on an account, by their Azure names.
 * Each belongs to one service (as {@code io.cerulean.http.auth.ServiceIdentity} names it); what a
 * role allows is that service's to say. The Queue and Blob roles are named now so that a roles
 * file written today keeps working when those services come.
 */
public enum DataRole {
    STORAGE_TABLE_DATA_READER("Storage Table Data Reader", "Table"),
    STORAGE_TABLE_DATA_CONTRIBUTOR("Storage Table Data Contributor", "Table"),
    STORAGE_QUEUE_DATA_READER("Storage Queue Data Reader", "Queue"),
    STORAGE_QUEUE_DATA_CONTRIBUTOR("Storage Queue Data Contributor", "Queue"),
    STORAGE_QUEUE_DATA_MESSAGE_READER("Storage Queue Data Message Reader", "Queue"),
    STORAGE_QUEUE_DATA_MESSAGE_SENDER("Storage Queue Data Message Sender", "Queue"),
    STORAGE_QUEUE_DATA_MESSAGE_PROCESSOR("Storage Queue Data Message Processor", "Queue"),
    STORAGE_BLOB_DATA_READER("Storage Blob Data Reader", "Blob"),
    STORAGE_BLOB_DATA_CONTRIBUTOR("Storage Blob Data Contributor", "Blob"),
    STORAGE_BLOB_DATA_OWNER("Storage Blob Data Owner", "Blob"),
    /** May get a user delegation key and nothing else; a SAS signed with it grants nothing either. */
    STORAGE_BLOB_DELEGATOR("Storage Blob Delegator", "Blob");

    private final String azureName;
    private final String service;

    DataRole(String azureName, String service) {
        this.azureName = azureName;
        this.service = service;
    }

    /** The role's name in Azure, e.g. {@code Storage Table Data Reader}. */
    public String azureName() {
        return azureName;
    }

    /** The service the role is for: {@code Table}, {@code Queue} or {@code Blob}. */
    public String service() {
        return service;
    }

    /**
     * The role with this Azure name, case and spacing aside.
     *
     * @throws IllegalArgumentException naming the roles there are
     */
    public static DataRole named(String name) {
        String wanted = name.trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        for (DataRole role : values()) {
            if (role.azureName.toLowerCase(Locale.ROOT).equals(wanted)) {
                return role;
            }
        }
        StringBuilder known = new StringBuilder();
        for (DataRole role : values()) {
            known.append(known.length() == 0 ? "" : ", ").append(role.azureName);
        }
        throw new IllegalArgumentException("'" + name.trim() + "' is not a data role; the roles are: " + known);
    }
}
