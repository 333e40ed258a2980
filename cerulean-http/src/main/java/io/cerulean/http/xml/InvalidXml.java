package io.cerulean.http.xml;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;

/**
 * The two ways the service refuses an XML request body, with the service's message and then what
 * is wrong: {@code InvalidXmlDocument} when the document is not well-formed or lacks or repeats an
 * element its schema requires; {@code InvalidXmlNodeValue} when an element's text is not a value the
 * service accepts there. Both are 400, and nothing is changed.
 */
public final class InvalidXml {
    private InvalidXml() {
    }

    public static ServiceException document(String detail) {
        return new ServiceException(CommonError.INVALID_XML_DOCUMENT,
                CommonError.INVALID_XML_DOCUMENT.message() + " " + detail);
    }

    public static ServiceException nodeValue(String detail) {
        return new ServiceException(CommonError.INVALID_XML_NODE_VALUE,
                CommonError.INVALID_XML_NODE_VALUE.message() + " " + detail);
    }
}
