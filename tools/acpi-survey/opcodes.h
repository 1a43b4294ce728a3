/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every AML opcode acpi-survey knows, in one table that the parser and the
 * reports share (ACPI 6.5, section 20.3). One line per opcode:
 *
 *   X(NAME, code, "ASL", operands, symbol, precedence)
 *
 * operands: how parse.c reads an expression opcode's operands, one letter
 *   each: T term, S super name, t target, N name, b byte, w word, d dword.
 *   NULL: the parser reads the opcode by hand (names, packages, blocks).
 * symbol, precedence: an operator the reports write infix ("+", 8), with
 *   C's precedence order; NULL, 0 for those written as ASL calls.
 *
 * Extended opcodes (0x5B xx) have the code EXT(xx).
 */
#ifndef OPCODES_H
#define OPCODES_H

#define EXT(op) (0x5b00 | (op))

#define AML_OPCODES(X) \
	X(ZERO, 0x00, "Zero", NULL, NULL, 0) \
	X(ONE, 0x01, "One", NULL, NULL, 0) \
	X(ALIAS, 0x06, "Alias", NULL, NULL, 0) \
	X(NAME, 0x08, "Name", NULL, NULL, 0) \
	X(BYTE, 0x0a, "BytePrefix", NULL, NULL, 0) \
	X(WORD, 0x0b, "WordPrefix", NULL, NULL, 0) \
	X(DWORD, 0x0c, "DWordPrefix", NULL, NULL, 0) \
	X(STRING, 0x0d, "StringPrefix", NULL, NULL, 0) \
	X(QWORD, 0x0e, "QWordPrefix", NULL, NULL, 0) \
	X(SCOPE, 0x10, "Scope", NULL, NULL, 0) \
	X(BUFFER, 0x11, "Buffer", NULL, NULL, 0) \
	X(PACKAGE, 0x12, "Package", NULL, NULL, 0) \
	X(VAR_PACKAGE, 0x13, "VarPackage", NULL, NULL, 0) \
	X(METHOD, 0x14, "Method", NULL, NULL, 0) \
	X(EXTERNAL, 0x15, "External", NULL, NULL, 0) \
	X(STORE, 0x70, "Store", "TS", NULL, 0) \
	X(REF_OF, 0x71, "RefOf", "S", NULL, 0) \
	X(ADD, 0x72, "Add", "TTt", "+", 8) \
	X(CONCATENATE, 0x73, "Concatenate", "TTt", NULL, 0) \
	X(SUBTRACT, 0x74, "Subtract", "TTt", "-", 8) \
	X(INCREMENT, 0x75, "Increment", "S", NULL, 0) \
	X(DECREMENT, 0x76, "Decrement", "S", NULL, 0) \
	X(MULTIPLY, 0x77, "Multiply", "TTt", "*", 9) \
	X(DIVIDE, 0x78, "Divide", "TTtt", "/", 9) \
	X(SHIFT_LEFT, 0x79, "ShiftLeft", "TTt", "<<", 7) \
	X(SHIFT_RIGHT, 0x7a, "ShiftRight", "TTt", ">>", 7) \
	X(AND, 0x7b, "And", "TTt", "&", 4) \
	X(NAND, 0x7c, "NAnd", "TTt", NULL, 0) \
	X(OR, 0x7d, "Or", "TTt", "|", 2) \
	X(NOR, 0x7e, "NOr", "TTt", NULL, 0) \
	X(XOR, 0x7f, "XOr", "TTt", "^", 3) \
	X(NOT, 0x80, "Not", "Tt", NULL, 0) \
	X(FIND_SET_LEFT_BIT, 0x81, "FindSetLeftBit", "Tt", NULL, 0) \
	X(FIND_SET_RIGHT_BIT, 0x82, "FindSetRightBit", "Tt", NULL, 0) \
	X(DEREF_OF, 0x83, "DerefOf", "T", NULL, 0) \
	X(CONCAT_RES, 0x84, "ConcatenateResTemplate", "TTt", NULL, 0) \
	X(MOD, 0x85, "Mod", "TTt", "%", 9) \
	X(NOTIFY, 0x86, "Notify", "ST", NULL, 0) \
	X(SIZE_OF, 0x87, "SizeOf", "S", NULL, 0) \
	X(INDEX, 0x88, "Index", "TTt", NULL, 0) \
	X(MATCH, 0x89, "Match", "TbTbTT", NULL, 0) \
	X(CREATE_DWORD_FIELD, 0x8a, "CreateDWordField", NULL, NULL, 0) \
	X(CREATE_WORD_FIELD, 0x8b, "CreateWordField", NULL, NULL, 0) \
	X(CREATE_BYTE_FIELD, 0x8c, "CreateByteField", NULL, NULL, 0) \
	X(CREATE_BIT_FIELD, 0x8d, "CreateBitField", NULL, NULL, 0) \
	X(OBJECT_TYPE, 0x8e, "ObjectType", "S", NULL, 0) \
	X(CREATE_QWORD_FIELD, 0x8f, "CreateQWordField", NULL, NULL, 0) \
	X(LAND, 0x90, "LAnd", "TT", "&&", 1) \
	X(LOR, 0x91, "LOr", "TT", "||", 0) \
	X(LNOT, 0x92, "LNot", "T", NULL, 0) \
	X(LEQUAL, 0x93, "LEqual", "TT", "==", 5) \
	X(LGREATER, 0x94, "LGreater", "TT", ">", 6) \
	X(LLESS, 0x95, "LLess", "TT", "<", 6) \
	X(TO_BUFFER, 0x96, "ToBuffer", "Tt", NULL, 0) \
	X(TO_DECIMAL_STRING, 0x97, "ToDecimalString", "Tt", NULL, 0) \
	X(TO_HEX_STRING, 0x98, "ToHexString", "Tt", NULL, 0) \
	X(TO_INTEGER, 0x99, "ToInteger", "Tt", NULL, 0) \
	X(TO_STRING, 0x9c, "ToString", "TTt", NULL, 0) \
	X(COPY_OBJECT, 0x9d, "CopyObject", "TS", NULL, 0) \
	X(MID, 0x9e, "Mid", "TTTt", NULL, 0) \
	X(CONTINUE, 0x9f, "Continue", "", NULL, 0) \
	X(IF, 0xa0, "If", NULL, NULL, 0) \
	X(ELSE, 0xa1, "Else", NULL, NULL, 0) \
	X(WHILE, 0xa2, "While", NULL, NULL, 0) \
	X(NOOP, 0xa3, "Noop", "", NULL, 0) \
	X(RETURN, 0xa4, "Return", "T", NULL, 0) \
	X(BREAK, 0xa5, "Break", "", NULL, 0) \
	X(BREAK_POINT, 0xcc, "BreakPoint", "", NULL, 0) \
	X(ONES, 0xff, "Ones", NULL, NULL, 0) \
	X(MUTEX, EXT(0x01), "Mutex", NULL, NULL, 0) \
	X(EVENT, EXT(0x02), "Event", NULL, NULL, 0) \
	X(COND_REF_OF, EXT(0x12), "CondRefOf", "St", NULL, 0) \
	X(CREATE_FIELD, EXT(0x13), "CreateField", NULL, NULL, 0) \
	X(LOAD_TABLE, EXT(0x1f), "LoadTable", "TTTTTT", NULL, 0) \
	X(LOAD, EXT(0x20), "Load", "Nt", NULL, 0) \
	X(STALL, EXT(0x21), "Stall", "T", NULL, 0) \
	X(SLEEP, EXT(0x22), "Sleep", "T", NULL, 0) \
	X(ACQUIRE, EXT(0x23), "Acquire", "Sw", NULL, 0) \
	X(SIGNAL, EXT(0x24), "Signal", "S", NULL, 0) \
	X(WAIT, EXT(0x25), "Wait", "ST", NULL, 0) \
	X(RESET, EXT(0x26), "Reset", "S", NULL, 0) \
	X(RELEASE, EXT(0x27), "Release", "S", NULL, 0) \
	X(FROM_BCD, EXT(0x28), "FromBCD", "Tt", NULL, 0) \
	X(TO_BCD, EXT(0x29), "ToBCD", "Tt", NULL, 0) \
	X(UNLOAD, EXT(0x2a), "Unload", "S", NULL, 0) \
	X(REVISION, EXT(0x30), "Revision", "", NULL, 0) \
	X(DEBUG, EXT(0x31), "Debug", "", NULL, 0) \
	X(FATAL, EXT(0x32), "Fatal", "bdT", NULL, 0) \
	X(TIMER, EXT(0x33), "Timer", "", NULL, 0) \
	X(OPERATION_REGION, EXT(0x80), "OperationRegion", NULL, NULL, 0) \
	X(FIELD, EXT(0x81), "Field", NULL, NULL, 0) \
	X(DEVICE, EXT(0x82), "Device", NULL, NULL, 0) \
	X(PROCESSOR, EXT(0x83), "Processor", NULL, NULL, 0) \
	X(POWER_RESOURCE, EXT(0x84), "PowerResource", NULL, NULL, 0) \
	X(THERMAL_ZONE, EXT(0x85), "ThermalZone", NULL, NULL, 0) \
	X(INDEX_FIELD, EXT(0x86), "IndexField", NULL, NULL, 0) \
	X(BANK_FIELD, EXT(0x87), "BankField", NULL, NULL, 0) \
	X(DATA_TABLE_REGION, EXT(0x88), "DataTableRegion", NULL, NULL, 0)

enum aml_opcode {
#define AML_ENUM(name, code, asl, args, sym, prec) AML_##name = (code),
	AML_OPCODES(AML_ENUM)
#undef AML_ENUM
};

/* Prefixes and ranges that are not opcodes of their own. */
#define AML_NULL_NAME 0x00
#define AML_EXT_PREFIX 0x5b
#define AML_DUAL_NAME 0x2e
#define AML_MULTI_NAME 0x2f
#define AML_LOCAL0 0x60
#define AML_LOCAL7 0x67
#define AML_ARG0 0x68
#define AML_ARG6 0x6e

/* The elements of a field list that are not field units. */
#define AML_FIELD_RESERVED 0x00
#define AML_FIELD_ACCESS 0x01
#define AML_FIELD_CONNECTION 0x02
#define AML_FIELD_EXT_ACCESS 0x03

/* Operation region spaces the reports name or decode. */
#define AML_SPACE_EMBEDDED_CONTROL 0x03
#define AML_SPACE_FFIXED_HW 0x7f

struct opcode_info {
	uint32_t code;
	const char *asl;	/* its ASL name */
	const char *args;	/* operand pattern, or NULL */
	const char *sym;	/* infix symbol, or NULL */
	int prec;
};

/* The table's entry for an opcode, or NULL. */
const struct opcode_info *aml_opcode_info(uint32_t code);

#endif
