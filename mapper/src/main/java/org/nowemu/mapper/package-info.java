/**
 * Mapper daemons: probing anonymous switches, leader election, up*&#47;down* routes and their distribution.
 * Built by the mapper issue; empty until then.
 */
package org.nowemu.mapper;
