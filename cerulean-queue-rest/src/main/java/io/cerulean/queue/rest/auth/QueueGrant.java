package io.cerulean.queue.rest.auth;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.oauth.DataRole;
import io.cerulean.queue.rest.resource.QueueResource;
import io.cerulean.queue.rest.routing.QueueOperation;
import java.util.EnumSet;
import java.util.Set;

/** What an authenticated caller may do on the Queue service; {@link #authorize} refuses the rest with 403. */
public sealed interface QueueGrant {
    /** @throws ServiceException 403 when this grant does not cover {@code operation} on {@code resource} */
    void authorize(QueueOperation operation, QueueResource resource);

    /** The account key (Shared Key), or a bearer token of a Queue Data Contributor: everything. */
    record FullAccess() implements QueueGrant {
        public static final FullAccess INSTANCE = new FullAccess();

        @Override
        public void authorize(QueueOperation operation, QueueResource resource) {
        }
    }

    /**
     * A bearer token's Queue data roles: a Reader reads queues and peeks; a Message Reader peeks; a
     * Message Sender puts; a Message Processor gets and deletes messages. None of them manages queues.
     */
    record DataRoles(Set<DataRole> roles) implements QueueGrant {
        public DataRoles {
            roles = roles.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(roles));
        }

        @Override
        public void authorize(QueueOperation operation, QueueResource resource) {
            boolean allowed = switch (operation) {
                case LIST_QUEUES, GET_QUEUE_METADATA, GET_SERVICE_PROPERTIES, GET_SERVICE_STATS, GET_QUEUE_ACL ->
                        roles.contains(DataRole.STORAGE_QUEUE_DATA_READER);
                case PEEK_MESSAGES -> roles.contains(DataRole.STORAGE_QUEUE_DATA_READER)
                        || roles.contains(DataRole.STORAGE_QUEUE_DATA_MESSAGE_READER)
                        || roles.contains(DataRole.STORAGE_QUEUE_DATA_MESSAGE_PROCESSOR);
                case PUT_MESSAGE -> roles.contains(DataRole.STORAGE_QUEUE_DATA_MESSAGE_SENDER);
                case GET_MESSAGES, DELETE_MESSAGE -> roles.contains(DataRole.STORAGE_QUEUE_DATA_MESSAGE_PROCESSOR);
                default -> false;
            };
            if (!allowed) {
                throw new ServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                        CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The token's Queue data roles "
                                + roles + " do not allow " + operation + ".");
            }
        }
    }

    /** An account SAS: its resource types ({@code srt}) and permissions ({@code sp}) as signed. */
    record AccountSas(String permissions, String resourceTypes) implements QueueGrant {
        @Override
        public void authorize(QueueOperation operation, QueueResource resource) {
            if (!anyOf(operation.resourceTypes(), resourceTypes)) {
                throw new ServiceException(CommonError.AUTHORIZATION_RESOURCE_TYPE_MISMATCH,
                        CommonError.AUTHORIZATION_RESOURCE_TYPE_MISMATCH.message() + " The signed resource types (srt) '"
                                + resourceTypes + "' include none of '" + operation.resourceTypes() + "'.");
            }
            if (anyOf(operation.accountPermissions(), permissions)) {
                return;
            }
            throw new ServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                    CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The signed permissions (sp) '"
                            + permissions + "' do not allow " + operation
                            + (operation.accountPermissions().isEmpty() ? " (no shared access signature does)." : "."));
        }
    }

    /** Whether {@code signed} holds any of the letters of {@code wanted}. */
    private static boolean anyOf(String wanted, String signed) {
        for (char letter : wanted.toCharArray()) {
            if (signed.indexOf(letter) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** A queue SAS: one queue, the letters of {@code raup} it signed. */
    record QueueSas(String queue, String permissions) implements QueueGrant {
        @Override
        public void authorize(QueueOperation operation, QueueResource resource) {
            if (resource.queue() == null || !resource.queue().equals(queue)) {
                throw new ServiceException(CommonError.AUTHORIZATION_FAILURE, CommonError.AUTHORIZATION_FAILURE.message()
                        + " The shared access signature is for queue '" + queue + "'.");
            }
            char letter = operation.queuePermission();
            if (letter == QueueOperation.NO_QUEUE_SAS || permissions.indexOf(letter) < 0) {
                throw new ServiceException(CommonError.AUTHORIZATION_PERMISSION_MISMATCH,
                        CommonError.AUTHORIZATION_PERMISSION_MISMATCH.message() + " The signed permissions (sp) '"
                                + permissions + "' do not allow " + operation
                                + (letter == QueueOperation.NO_QUEUE_SAS ? " (no queue SAS does)." : "."));
            }
        }
    }
}
