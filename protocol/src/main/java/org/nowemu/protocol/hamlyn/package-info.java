/**
 * Hamlyn (systems §11): sender-based remote memory (data at the sender's chosen offset of the receiver's
 * message area, then a notification), PIO for small sends and DMA for large ones, reliance on link back-pressure;
 * composed from the basic protocol's staged-DMA control program and library and {@code parts/reliability}.
 */
package org.nowemu.protocol.hamlyn;
