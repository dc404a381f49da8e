/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-xml.c: safe loading of Admiralty XML files
 *
 * Files come from other people's machines, so parsing is defensive: a size limit checked before
 * reading, no network (XML_PARSE_NONET), no entity substitution (no XML_PARSE_NOENT), no DTD
 * loading, and any DOCTYPE refused outright — internal entities are how expansion bombs and
 * external-file disclosure arrive, and no Admiralty format needs them. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/relaxng.h>
#include <libxml/SAX2.h>

#include "adm-xml-private.h"

G_DEFINE_QUARK (adm-xml-error-quark, adm_xml_error)

static void
ensure_init (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      xmlInitParser ();
      g_once_init_leave (&initialized, 1);
    }
}

void
adm_xml_set_error (GError     **error,
                   const char  *display_name,
                   xmlNode     *node,
                   const char  *format,
                   ...)
{
  g_autofree char *message = NULL;
  va_list args;
  long line = node != NULL ? xmlGetLineNo (node) : 0;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (line > 0)
    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID, "%s:%ld: %s",
                 display_name, line, message);
  else
    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID, "%s: %s", display_name, message);
}

void
adm_xml_set_error_at (GError     **error,
                      const char  *display_name,
                      int          line,
                      const char  *format,
                      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (line > 0)
    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID, "%s:%d: %s",
                 display_name, line, message);
  else
    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID, "%s: %s", display_name, message);
}

static int line_at (const char *data,
                    const char *at);

/* The line of the first "<!DOCTYPE" in @data, else of the first "<!ENTITY", or 0 when there
 * is neither. One pass looking for "!", which files hardly have: a campaign is megabytes. */
static int
find_doctype_line (const char *data,
                   gsize       length)
{
  const char *end = data + length, *found = NULL;

  for (const char *p = memchr (data, '!', length); p != NULL;
       p = memchr (p + 1, '!', (gsize) (end - p - 1)))
    {
      if (p == data || p[-1] != '<')
        continue;
      if ((gsize) (end - p) > 7 && memcmp (p + 1, "DOCTYPE", 7) == 0)
        {
          found = p - 1;
          break;
        }
      if (found == NULL && (gsize) (end - p) > 6 && memcmp (p + 1, "ENTITY", 6) == 0)
        found = p - 1;
    }
  if (found == NULL)
    return 0;
  return line_at (data, found);
}

/* Where a scan of the start tags (scan_tags ()) is, between one piece of a file and the next:
 * start tags are found by their "<", past comments, CDATA sections and processing
 * instructions; a value (quoted) holds no "<" but may hold "=" and ">". Each attribute of a
 * well-formed tag has one "=" outside quotes: a tag that is not well-formed is libxml2's to
 * refuse, and counted here no worse. "<!DOCTYPE" and "<!ENTITY" are found on the way. */
typedef enum {
  SCAN_TEXT,    /* looking for "<" */
  SCAN_OPEN,    /* after "<": what it opens is not known yet */
  SCAN_TAG,     /* in a start tag, counting its "=" */
  SCAN_QUOTED,  /* in a value of a start tag */
  SCAN_SKIP,    /* in a comment, CDATA section or processing instruction */
} ScanState;

typedef struct {
  ScanState   state;
  char        opened[9];   /* OPEN: what follows "<" so far */
  guint       n_opened;
  guint       n;           /* TAG, QUOTED: the attributes so far */
  char        quote;       /* QUOTED */
  const char *until;       /* SKIP: what ends it: "-->", "]]>" or "?>" */
  guint       matched;     /* SKIP: how much of @until was just read */
  int         tag_line;    /* of a tag begun in an earlier piece */
  char        name[64];    /* TAG, QUOTED: the tag's name (its first 64 bytes) */
  guint       name_length;
  gboolean    naming;      /* TAG: its name goes on */
} TagScan;

static void
too_many_attributes (GError        **error,
                     const char     *display_name,
                     int             line,
                     const TagScan  *scan)
{
  g_autofree char *name = g_utf8_make_valid (scan->name, scan->name_length);

  g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID,
               _("%s:%d: <%s> has %u attributes; an element of an Admiralty file has 0–%d"),
               display_name, line, name, scan->n, ADM_XML_MAX_ATTRIBUTES);
}

/* The end of the file @scan read: a start tag it ends in is counted too. */
static gboolean
scan_tags_end (TagScan     *scan,
               const char  *display_name,
               GError     **error)
{
  if ((scan->state == SCAN_TAG || scan->state == SCAN_QUOTED) &&
      scan->n > ADM_XML_MAX_ATTRIBUTES)
    {
      too_many_attributes (error, display_name, scan->tag_line, scan);
      return FALSE;
    }
  return TRUE;
}

/* What may follow "<!" that the scan tells apart. */
static const char * const opened_kinds[] = { "!--", "![CDATA[", "!DOCTYPE", "!ENTITY", NULL };

/* Scans @data, a piece of a file that goes on where the last one @scan saw ended, beginning on
 * line @line: FALSE at the first start tag with more than ADM_XML_MAX_ATTRIBUTES attributes
 * (ADM_XML_ERROR_INVALID) or, with @doctypes, at a "<!DOCTYPE" or "<!ENTITY"
 * (ADM_XML_ERROR_FORBIDDEN). */
static gboolean
scan_tags (TagScan     *scan,
           const char  *data,
           gsize        length,
           int          line,
           gboolean     doctypes,
           const char  *display_name,
           GError     **error)
{
  const char *p = data, *end = data + length;
  const char *tag = NULL;  /* where the tag scanned began, when in @data */

  while (p < end)
    switch (scan->state)
      {
      case SCAN_TEXT:
        tag = memchr (p, '<', (gsize) (end - p));
        if (tag == NULL)
          p = end;
        else
          {
            p = tag + 1;
            scan->state = SCAN_OPEN;
            scan->n_opened = 0;
          }
        break;

      case SCAN_OPEN:
        if (scan->n_opened == 0 && *p == '?')
          {
            scan->state = SCAN_SKIP;
            scan->until = "?>";
            scan->matched = 0;
          }
        else if (scan->n_opened == 0 && *p == '/')
          scan->state = SCAN_TEXT;
        else if (scan->n_opened == 0 && *p != '!')
          {
            scan->state = SCAN_TAG;
            scan->n = 0;
            scan->name_length = 0;
            scan->naming = TRUE;
          }
        else
          {
            gboolean prefix = FALSE;

            scan->opened[scan->n_opened++] = *p++;
            for (guint k = 0; opened_kinds[k] != NULL; k++)
              {
                gsize kind_length = strlen (opened_kinds[k]);

                if (scan->n_opened > kind_length ||
                    memcmp (scan->opened, opened_kinds[k], scan->n_opened) != 0)
                  continue;
                prefix = TRUE;
                if (scan->n_opened < kind_length)
                  continue;
                if (k >= 2 && doctypes)
                  {
                    int at = tag != NULL ? line_at (data, tag) + line - 1 : scan->tag_line;

                    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_FORBIDDEN,
                                 _("%s:%d: the file contains a DOCTYPE or entity declaration, "
                                   "which Admiralty files never need; it is refused for safety"),
                                 display_name, at);
                    return FALSE;
                  }
                scan->state = k < 2 ? SCAN_SKIP : SCAN_TEXT;
                scan->until = k == 0 ? "-->" : "]]>";
                scan->matched = 0;
              }
            /* Anything else after "<!" is libxml2's to refuse; a "<" in it opens anew. */
            if (!prefix)
              {
                scan->state = SCAN_TEXT;
                if (p[-1] == '<')
                  {
                    tag = p - 1;
                    scan->state = SCAN_OPEN;
                    scan->n_opened = 0;
                  }
              }
          }
        break;

      case SCAN_TAG:
        for (; p < end && *p != '>' && *p != '<' && *p != '"' && *p != '\''; p++)
          {
            if (scan->naming && (g_ascii_isspace (*p) || *p == '/' || *p == '='))
              scan->naming = FALSE;
            else if (scan->naming && scan->name_length < sizeof scan->name)
              scan->name[scan->name_length++] = *p;
            scan->n += *p == '=';
          }
        if (p < end)
          scan->naming = FALSE;
        if (p < end && (*p == '"' || *p == '\''))
          {
            scan->quote = *p++;
            scan->state = SCAN_QUOTED;
          }
        else if (p < end)
          {
            /* The tag ends; a "<" is read again as the next one's. */
            if (scan->n > ADM_XML_MAX_ATTRIBUTES)
              {
                too_many_attributes (error, display_name,
                                     tag != NULL ? line_at (data, tag) + line - 1
                                                 : scan->tag_line, scan);
                return FALSE;
              }
            scan->state = SCAN_TEXT;
            p += *p == '>';
          }
        break;

      case SCAN_QUOTED:
        {
          const char *close = memchr (p, scan->quote, (gsize) (end - p));

          if (close == NULL)
            p = end;
          else
            {
              p = close + 1;
              scan->state = SCAN_TAG;
            }
        }
        break;

      case SCAN_SKIP:
      default:
        for (; p < end && scan->until[scan->matched] != '\0'; p++)
          if (*p == scan->until[scan->matched])
            scan->matched++;
          else if (!(scan->matched == 2 && scan->until[0] == scan->until[1] &&
                     *p == scan->until[0]))
            scan->matched = *p == scan->until[0];
        if (scan->until[scan->matched] == '\0')
          scan->state = SCAN_TEXT;
        break;
      }
  /* A tag that goes on in the next piece keeps its line. */
  if (tag != NULL && scan->state != SCAN_TEXT && scan->state != SCAN_SKIP)
    scan->tag_line = line_at (data, tag) + line - 1;
  return TRUE;
}

gboolean
adm_xml_check_attributes (const char  *data,
                          gsize        length,
                          const char  *display_name,
                          GError     **error)
{
  TagScan scan = { SCAN_TEXT, { 0 }, 0, 0, 0, NULL, 0, 0, { 0 }, 0, FALSE };

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  return scan_tags (&scan, data, length, 1, FALSE, display_name, error) &&
         scan_tags_end (&scan, display_name, error);
}

/* An XML declaration at the start of @data naming an encoding other than UTF-8 is refused:
 * Admiralty files are UTF-8 (UTF-16 is told apart before). libxml2 reads every kind of file
 * as UTF-8 whatever its declaration says — a journal ignores it, the others refuse a name it
 * does not know and would take one it does — so the declaration is checked here, once, for
 * every kind alike. */
static gboolean
check_declared_encoding (const char  *data,
                         gsize        length,
                         const char  *display_name,
                         GError     **error)
{
  const char *end, *p, *value;
  gsize value_length;

  if (length < 6 || memcmp (data, "<?xml", 5) != 0 || !g_ascii_isspace (data[5]))
    return TRUE;
  end = memmem (data, MIN (length, 1024), "?>", 2);
  if (end == NULL)
    return TRUE;  /* not a declaration libxml2 reads either: its refusal says so */
  p = g_strstr_len (data, end - data, "encoding");
  if (p == NULL)
    return TRUE;
  p += strlen ("encoding");
  while (p < end && g_ascii_isspace (*p))
    p++;
  if (p >= end || *p != '=')
    return TRUE;
  p++;
  while (p < end && g_ascii_isspace (*p))
    p++;
  if (p >= end || (*p != '"' && *p != '\''))
    return TRUE;
  value = p + 1;
  p = memchr (value, *p, (gsize) (end - value));
  if (p == NULL)
    return TRUE;
  value_length = (gsize) (p - value);
  if (value_length == 5 && g_ascii_strncasecmp (value, "UTF-8", 5) == 0)
    return TRUE;
  {
    g_autofree char *shown = g_utf8_make_valid (value, (gssize) MIN (value_length, 40));

    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                 _("%s:%d: the file declares the encoding “%s”, but Admiralty files are "
                   "UTF-8: save it as UTF-8, declared as encoding=\"UTF-8\""),
                 display_name, line_at (data, value), shown);
  }
  return FALSE;
}

/* libxml2's deepest nesting of elements without XML_PARSE_HUGE (xmlParserMaxDepth). */
#define ADM_XML_MAX_DEPTH 256

static gboolean
is_premature_end (const xmlError *xerr)
{
  return xerr != NULL &&
         (xerr->code == XML_ERR_TAG_NOT_FINISHED ||
          (xerr->message != NULL && strstr (xerr->message, "Premature end") != NULL));
}

static void
set_syntax_error (GError             **error,
                  const char          *display_name,
                  const xmlError      *xerr)
{
  g_autofree char *detail = NULL;
  int line = xerr != NULL ? xerr->line : 0;
  int code = xerr != NULL ? xerr->code : XML_ERR_INTERNAL_ERROR;

  detail = g_strchomp (g_strdup (xerr != NULL && xerr->message != NULL ? xerr->message : ""));

  switch (code)
    {
    case XML_ERR_DOCUMENT_EMPTY:
      /* Not empty (that is checked before parsing): it has no markup at all. */
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                   _("%s:%d: this is not an Admiralty file: it is not XML at all (%s)"),
                   display_name, MAX (line, 1), detail);
      break;

    case XML_ERR_DOCUMENT_END:
    case XML_ERR_GT_REQUIRED:
    case XML_ERR_LTSLASH_REQUIRED:
    case XML_ERR_TAG_NOT_FINISHED:
    case XML_ERR_TAG_NAME_MISMATCH:
    case XML_ERR_DOCUMENT_START:
      if (strstr (detail, "Premature end") != NULL || code == XML_ERR_TAG_NOT_FINISHED)
        {
          g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                       _("%s:%d: the file ends too early — it is probably truncated or damaged (%s)"),
                       display_name, line, detail);
          break;
        }
      G_GNUC_FALLTHROUGH;

    default:
      /* libxml2's limit of nesting without XML_PARSE_HUGE: "Excessive depth in document: 256
       * use XML_PARSE_HUGE option", whose advice is for programmers. */
      if (strstr (detail, "Excessive depth") != NULL)
        {
          g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                       _("%s:%d: the elements here are nested more than %d deep; no Admiralty "
                         "file nests so deep: the file is damaged or not an Admiralty file"),
                       display_name, line, ADM_XML_MAX_DEPTH);
          break;
        }
      /* libxml2's limits without XML_PARSE_HUGE: "AttValue length too long", "Comment too big
       * found", "huge text node". */
      if (strstr (detail, "too long") != NULL || strstr (detail, "too big") != NULL ||
          strstr (detail, "huge") != NULL)
        {
          g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                       _("%s:%d: a value, text or comment here is longer than the %d characters "
                         "Admiralty reads (%s)"), display_name, line, XML_MAX_TEXT_LENGTH, detail);
          break;
        }
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                   _("%s:%d: this is not well-formed XML: %s"), display_name, line, detail);
      break;
    }
}

/* UTF-16, with its byte-order mark or without one ("<?" or "<x" as 16-bit units). Admiralty
 * reads UTF-8 only, and libxml2 would call such a file "not XML at all". */
static gboolean
is_utf16 (const char *data,
          gsize       length)
{
  const guchar *u = (const guchar *) data;

  if (length < 2)
    return FALSE;
  if ((u[0] == 0xff && u[1] == 0xfe) || (u[0] == 0xfe && u[1] == 0xff))
    return TRUE;
  return length >= 4 && ((u[0] == '<' && u[1] == 0 && u[2] != 0 && u[3] == 0) ||
                         (u[0] == 0 && u[1] == '<' && u[2] == 0 && u[3] != 0));
}

static int
line_at (const char *data,
         const char *at)
{
  int line = 1;

  for (const char *p = data; p < at; p++)
    if (*p == '\n')
      line++;
  return line;
}

/* Admiralty files are UTF-8: the first byte that is not is named here, with its line, before
 * libxml2 can report a consequence of it instead ("Extra content at the end"). */
static gboolean
check_utf8 (const char  *data,
            gsize        length,
            int          first_line,
            const char  *display_name,
            GError     **error)
{
  const char *end = NULL;
  const guchar *bad;
  gsize left;
  int line;

  if (g_utf8_validate_len (data, length, &end))
    return TRUE;
  bad = (const guchar *) end;
  left = length - (gsize) (end - data);
  line = line_at (data, end) + first_line - 1;
  if (*bad == 0)
    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                 _("%s:%d: the file contains a NUL byte; it is damaged or not a text file"),
                 display_name, line);
  else if (*bad == 0xed && left >= 3 && bad[1] >= 0xa0 && bad[1] <= 0xbf)
    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                 _("%s:%d: the file contains a UTF-16 surrogate (bytes ED %02X %02X), which "
                   "is not a character; the file is damaged"),
                 display_name, line, bad[1], bad[2]);
  else if (*bad >= 0xc2 && *bad <= 0xf4 &&
           left < (gsize) (*bad >= 0xf0 ? 4 : *bad >= 0xe0 ? 3 : 2) &&
           (left < 2 || (bad[1] & 0xc0) == 0x80) && (left < 3 || (bad[2] & 0xc0) == 0x80))
    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                 _("%s:%d: the file ends in the middle of a character — it is probably "
                   "truncated or damaged"), display_name, line);
  else
    g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                 _("%s:%d: the file is not UTF-8 (byte %02X is not part of a character); "
                   "save it as UTF-8"), display_name, line, *bad);
  return FALSE;
}

static void
parse_error_cb (void        *user_data,
                xmlErrorPtr  error)
{
  ParseErrors *errors = user_data;

  if (error == NULL || errors->seen || error->level < XML_ERR_ERROR)
    return;
  memset (&errors->error, 0, sizeof errors->error);
  if (xmlCopyError (error, &errors->error) == 0)
    errors->seen = TRUE;
}

static void
silent_generic_error_cb (void       *user_data,
                         const char *format,
                         ...)
{
}

/* The libxml2 error channels of this thread, put back after a parse. */
typedef struct {
  xmlStructuredErrorFunc structured;
  void                  *structured_data;
  xmlGenericErrorFunc    generic;
  void                  *generic_data;
} Quiet;

/* Every libxml2 error channel of this thread pointed at @errors, until quiet_end (). */
static void
quiet_begin (Quiet       *quiet,
             ParseErrors *errors)
{
  quiet->structured = xmlStructuredError;
  quiet->structured_data = xmlStructuredErrorContext;
  quiet->generic = xmlGenericError;
  quiet->generic_data = xmlGenericErrorContext;
  xmlSetStructuredErrorFunc (errors, parse_error_cb);
  xmlSetGenericErrorFunc (NULL, silent_generic_error_cb);
}

static void
quiet_end (Quiet *quiet)
{
  xmlSetGenericErrorFunc (quiet->generic_data, quiet->generic);
  xmlSetStructuredErrorFunc (quiet->structured_data, quiet->structured);
}

/* Parses with every libxml2 error channel of this thread pointed at @errors for the time of
 * the parse, then puts back whatever handlers were there. With @stream, the streamed
 * element's children go to it instead of the tree. */
xmlDoc *
_adm_xml_parse_quietly (xmlParserCtxtPtr  ctxt,
                        const char       *data,
                        int               length,
                        const char       *display_name,
                        Stream           *stream,
                        ParseErrors      *errors)
{
  Quiet quiet;
  xmlDoc *doc;

  quiet_begin (&quiet, errors);
  /* Both ways read UTF-8 whatever the file declares (libxml2 refuses a byte that is not; then
   * check_utf8 () names it). A stream
   * reads it without an encoder, so that the parser's offsets are the data's, and a few
   * kilobytes at a time rather than from a copy of the whole file (megabytes of memory
   * touched for the first time, which is what costs in a process that just started). */
  if (stream != NULL)
    doc = _adm_xml_stream_parse (ctxt, stream, display_name);
  else
    doc = xmlCtxtReadMemory (ctxt, data, length, display_name, "UTF-8",
                             XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                             XML_PARSE_NOCDATA);
  quiet_end (&quiet);
  return doc;
}

/* @doc, or NULL (@doc freed) when it has a DOCTYPE after all. */
static xmlDoc *
without_doctype (xmlDoc      *doc,
                 const char  *display_name,
                 GError     **error)
{
  if (doc->intSubset == NULL && doc->extSubset == NULL)
    return doc;
  g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_FORBIDDEN,
               _("%s: the file contains a DOCTYPE, which Admiralty files never need; "
                 "it is refused for safety"), display_name);
  xmlFreeDoc (doc);
  return NULL;
}

/* @data parsed, with every refusal of adm_xml_read_memory () but the schema's. */
static xmlDoc *
parse_memory (const char  *data,
              gsize        length,
              const char  *display_name,
              Stream      *stream,
              GError     **error)
{
  xmlParserCtxtPtr ctxt;
  ParseErrors errors = { FALSE, { 0 } };
  xmlDoc *doc;
  int doctype_line;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  ensure_init ();

  if (length == 0)
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                   _("%s: the file is empty"), display_name);
      return NULL;
    }
  if (length > ADM_XML_MAX_SIZE)
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_TOO_LARGE,
                   _("%s: the file is too large (%u MiB; the limit is %d MiB)"),
                   display_name, (guint) MIN (length / (1024 * 1024), G_MAXUINT),
                   ADM_XML_MAX_SIZE / (1024 * 1024));
      return NULL;
    }
  if (length > G_MAXINT)
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_TOO_LARGE,
                   _("%s: the file is too large"), display_name);
      return NULL;
    }

  doctype_line = find_doctype_line (data, length);
  if (doctype_line > 0)
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_FORBIDDEN,
                   _("%s:%d: the file contains a DOCTYPE or entity declaration, which Admiralty "
                     "files never need; it is refused for safety"),
                   display_name, doctype_line);
      return NULL;
    }

  if (is_utf16 (data, length))
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                   _("%s: the file is UTF-16; save it as UTF-8"), display_name);
      return NULL;
    }

  if (!check_declared_encoding (data, length, display_name, error))
    return NULL;

  /* Before libxml2 spends time quadratic in them. */
  if (!adm_xml_check_attributes (data, length, display_name, error))
    return NULL;

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    g_error ("Out of memory creating an XML parser");
  doc = _adm_xml_parse_quietly (ctxt, data, (int) length, display_name, stream, &errors);
  if (doc == NULL || !ctxt->wellFormed)
    {
      const xmlError *last = xmlCtxtGetLastError (ctxt);

      /* A byte that is not UTF-8 is the fault, whatever libxml2 made of it. It is looked for
       * only once the parse failed: libxml2 checks every character it reads, and refuses
       * a file that is not UTF-8 — checking it before as well was 5 % of opening a long
       * campaign. */
      if (!check_utf8 (data, length, 1, display_name, error))
        {
          xmlResetError (&errors.error);
          if (doc != NULL)
            xmlFreeDoc (doc);
          xmlFreeParserCtxt (ctxt);
          return NULL;
        }
      /* A file cut short is reported as such (libxml2 says so last); otherwise the first
       * error is the fault and the later ones its consequences. */
      set_syntax_error (error, display_name,
                        errors.seen && !is_premature_end (last) ? &errors.error : last);
      xmlResetError (&errors.error);
      if (doc != NULL)
        xmlFreeDoc (doc);
      xmlFreeParserCtxt (ctxt);
      return NULL;
    }
  xmlResetError (&errors.error);
  xmlFreeParserCtxt (ctxt);
  return without_doctype (doc, display_name, error);
}

xmlDoc *
_adm_xml_read_memory (const char  *data,
                      gsize        length,
                      const char  *display_name,
                      const char  *schema,
                      Stream      *stream,
                      GError     **error)
{
  xmlDoc *doc = parse_memory (data, length, display_name, stream, error);

  if (doc != NULL && !_adm_xml_validate (doc, data, length, display_name, schema, error))
    {
      xmlFreeDoc (doc);
      return NULL;
    }
  return doc;
}

xmlDoc *
adm_xml_read_memory (const char  *data,
                     gsize        length,
                     const char  *display_name,
                     const char  *schema,
                     GError     **error)
{
  return _adm_xml_read_memory (data, length, display_name, schema, NULL, error);
}

struct _AdmXmlPush
{
  char            *display_name;
  xmlParserCtxtPtr ctxt;
  ParseErrors      errors;
  TagScan          scan;
  GError          *refusal;   /* the first, after which nothing more is read */
  gsize            length;    /* fed so far */
  int              line;      /* of the next byte */
  guchar           held[4];   /* a character the last piece began and did not end */
  gsize            n_held;
  GString         *start;     /* the first bytes, until they show the declaration */
};

AdmXmlPush *
adm_xml_push_new (const char *display_name)
{
  AdmXmlPush *push = g_new0 (AdmXmlPush, 1);

  g_return_val_if_fail (display_name != NULL, NULL);

  ensure_init ();
  push->display_name = g_strdup (display_name);
  push->line = 1;
  push->start = g_string_new (NULL);
  push->ctxt = xmlCreatePushParserCtxt (NULL, NULL, NULL, 0, display_name);
  if (push->ctxt == NULL)
    g_error ("Out of memory creating an XML parser");
  /* UTF-8 whatever the file declares, as adm_xml_read_memory () reads it. */
  xmlCtxtUseOptions (push->ctxt, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                                 XML_PARSE_NOCDATA | XML_PARSE_IGNORE_ENC);
  return push;
}

/* The parser and what it built so far let go. */
static void
push_let_go (AdmXmlPush *push)
{
  if (push->ctxt != NULL)
    {
      if (push->ctxt->myDoc != NULL)
        xmlFreeDoc (push->ctxt->myDoc);
      push->ctxt->myDoc = NULL;
      xmlFreeParserCtxt (push->ctxt);
      push->ctxt = NULL;
    }
  xmlResetError (&push->errors.error);
}

/* Nothing more is read: @refusal says why. */
static void
push_refuse (AdmXmlPush *push,
             GError     *refusal)
{
  push_let_go (push);
  push->refusal = refusal;
}

/* @data, whole characters of UTF-8, checked and handed to the parser. */
static gboolean
push_piece (AdmXmlPush *push,
            const char *data,
            gsize       length,
            gboolean    last)
{
  GError *error = NULL;
  Quiet quiet;

  if (!g_utf8_validate_len (data, length, NULL) &&
      !check_utf8 (data, length, push->line, push->display_name, &error))
    {
      push_refuse (push, error);
      return FALSE;
    }
  /* Before libxml2 reads them: a DOCTYPE, and more attributes than it reads in time. */
  if (!scan_tags (&push->scan, data, length, push->line, TRUE, push->display_name, &error))
    {
      push_refuse (push, error);
      return FALSE;
    }
  for (const char *p = data; (p = memchr (p, '\n', (gsize) (data + length - p))) != NULL; p++)
    push->line++;
  quiet_begin (&quiet, &push->errors);
  xmlParseChunk (push->ctxt, data, (int) length, last);
  quiet_end (&quiet);
  /* Not well-formed; or stopped at one of libxml2's limits ("huge text node"), which a file
   * read whole would be refused for once its schema finds what is missing. */
  if (!push->ctxt->wellFormed ||
      (!last && push->errors.seen && push->ctxt->instate == XML_PARSER_EOF))
    {
      const xmlError *error_seen = xmlCtxtGetLastError (push->ctxt);

      /* A file cut short is said as such (libxml2 says so last); otherwise the first error is
       * the fault and the later ones its consequences. */
      set_syntax_error (&error, push->display_name,
                        push->errors.seen && !is_premature_end (error_seen)
                          ? &push->errors.error : error_seen);
      push_refuse (push, error);
      return FALSE;
    }
  return TRUE;
}

static gboolean push_bytes (AdmXmlPush *push,
                            const char *data,
                            gsize       length);

/* The bytes of the file's start, held until they show its declaration whole (or that it has
 * none): checked as adm_xml_read_memory () checks them, then read on. */
static gboolean
push_start (AdmXmlPush *push,
            gboolean    last)
{
  GError *error = NULL;
  g_autoptr(GString) start = NULL;

  if (!last && push->start->len < 1024 &&
      (push->start->len < 5 ? memcmp (push->start->str, "<?xml", push->start->len) == 0
                            : memcmp (push->start->str, "<?xml", 5) == 0 &&
                              memmem (push->start->str, push->start->len, "?>", 2) == NULL))
    return TRUE;
  start = g_steal_pointer (&push->start);
  if (is_utf16 (start->str, start->len))
    g_set_error (&error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                 _("%s: the file is UTF-16; save it as UTF-8"), push->display_name);
  else
    check_declared_encoding (start->str, start->len, push->display_name, &error);
  if (error != NULL)
    {
      push_refuse (push, error);
      return FALSE;
    }
  return push_bytes (push, start->str, start->len);
}

gboolean
adm_xml_push_feed (AdmXmlPush *push,
                   const char *data,
                   gsize       length)
{
  g_return_val_if_fail (push != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (push->refusal != NULL)
    return FALSE;
  if (length > ADM_XML_MAX_SIZE - push->length)
    {
      GError *error = NULL;

      g_set_error (&error, ADM_XML_ERROR, ADM_XML_ERROR_TOO_LARGE,
                   _("%s: the file is too large (%u MiB; the limit is %d MiB)"),
                   push->display_name,
                   (guint) MIN ((push->length + (guint64) length) / (1024 * 1024), G_MAXUINT),
                   ADM_XML_MAX_SIZE / (1024 * 1024));
      push_refuse (push, error);
      return FALSE;
    }
  push->length += length;
  if (push->start != NULL)
    {
      g_string_append_len (push->start, data, (gssize) length);
      return push_start (push, FALSE);
    }
  return push_bytes (push, data, length);
}

/* @data, the next bytes of the file, checked and handed to the parser but for a character
 * they begin and do not end. */
static gboolean
push_bytes (AdmXmlPush *push,
            const char *data,
            gsize       length)
{
  gsize whole;

  /* A character the last piece began is ended first. */
  while (push->n_held > 0 && length > 0)
    {
      gsize want = (gsize) g_utf8_skip[push->held[0]];

      push->held[push->n_held++] = (guchar) *data++;
      length--;
      if (push->n_held >= want &&
          !push_piece (push, (const char *) push->held, push->n_held, FALSE))
        return FALSE;
      if (push->n_held >= want)
        push->n_held = 0;
    }
  if (push->n_held > 0)
    return TRUE;
  /* One that this piece begins and does not end waits for the next. */
  whole = length;
  for (gsize back = 1; back <= MIN (length, 3); back++)
    {
      guchar c = (guchar) data[length - back];

      if (c < 0x80)
        break;
      if (c >= 0xc0)
        {
          if ((gsize) g_utf8_skip[c] > back)
            whole = length - back;
          break;
        }
    }
  if (whole > 0 && !push_piece (push, data, whole, FALSE))
    return FALSE;
  memcpy (push->held, data + whole, length - whole);
  push->n_held = length - whole;
  return TRUE;
}

xmlDoc *
adm_xml_push_end (AdmXmlPush  *push,
                  const char  *schema,
                  GError     **error)
{
  xmlDoc *doc;

  g_return_val_if_fail (push != NULL, NULL);

  if (push->refusal == NULL && push->start != NULL && push->length > 0)
    push_start (push, TRUE);
  if (push->refusal == NULL && push->length == 0)
    push_refuse (push, g_error_new (ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                                    _("%s: the file is empty"), push->display_name));
  /* A character begun and not ended: check_utf8 () says the file ends in its middle. */
  if (push->refusal == NULL && push->n_held > 0)
    {
      GError *refusal = NULL;

      check_utf8 ((const char *) push->held, push->n_held, push->line, push->display_name,
                  &refusal);
      push_refuse (push, refusal);
    }
  if (push->refusal == NULL)
    {
      GError *refusal = NULL;

      if (!scan_tags_end (&push->scan, push->display_name, &refusal))
        push_refuse (push, refusal);
      else
        push_piece (push, "", 0, TRUE);
    }
  if (push->refusal != NULL)
    {
      g_propagate_error (error, g_error_copy (push->refusal));
      return NULL;
    }
  doc = push->ctxt->myDoc;
  push->ctxt->myDoc = NULL;
  xmlFreeParserCtxt (push->ctxt);
  push->ctxt = NULL;
  if (doc == NULL)
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_SYNTAX,
                   _("%s: the file is empty"), push->display_name);
      return NULL;
    }
  /* Read as UTF-8, and said so, as adm_xml_read_memory () reads and says it. */
  if (doc->encoding == NULL)
    doc->encoding = xmlStrdup ((const xmlChar *) "UTF-8");
  doc = without_doctype (doc, push->display_name, error);
  if (doc != NULL && !_adm_xml_validate (doc, NULL, 0, push->display_name, schema, error))
    g_clear_pointer (&doc, xmlFreeDoc);
  return doc;
}

void
adm_xml_push_free (AdmXmlPush *push)
{
  if (push == NULL)
    return;
  push_let_go (push);
  g_clear_error (&push->refusal);
  if (push->start != NULL)
    g_string_free (push->start, TRUE);
  g_free (push->display_name);
  g_free (push);
}

char *
adm_xml_read_bytes (const char  *path,
                    gsize       *length,
                    GError     **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (length != NULL, NULL);

  if (g_stat (path, &st) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO,
                   _("%s: cannot open the file: %s"), path, g_strerror (saved_errno));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO,
                   _("%s: this is not a regular file"), path);
      return NULL;
    }
  /* Checked before reading, so that a huge file never reaches memory. */
  if ((guint64) st.st_size > ADM_XML_MAX_SIZE)
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_TOO_LARGE,
                   _("%s: the file is too large (%u MiB; the limit is %d MiB)"),
                   path, (guint) MIN ((guint64) st.st_size / (1024 * 1024), G_MAXUINT),
                   ADM_XML_MAX_SIZE / (1024 * 1024));
      return NULL;
    }

  if (!g_file_get_contents (path, &data, length, &local_error))
    {
      g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO,
                   _("%s: cannot read the file: %s"), path, local_error->message);
      return NULL;
    }
  return g_steal_pointer (&data);
}

/* Anonymous memory, its pages made at once (MAP_POPULATE) rather than one fault at a time as
 * the file is read into it. The file is read, not mapped (GMappedFile): a mapped file cut
 * short while it is parsed — written over in place by another program, its USB stick pulled —
 * raises SIGBUS at the first page past its new end, where a file read is what there was. */
typedef struct {
  void  *memory;
  gsize  size;
} Mapping;

static void
mapping_free (gpointer data)
{
  Mapping *mapping = data;

  munmap (mapping->memory, mapping->size);
  g_free (mapping);
}

GBytes *
adm_xml_read_file_bytes (const char  *path,
                         GError     **error)
{
  g_autofree char *checked = NULL;
  Mapping *mapping;
  gsize length = 0, size;
  GStatBuf st;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  /* Looked at before it is opened, as adm_xml_read_bytes () does: opening a pipe would wait
   * for a writer. */
  fd = g_stat (path, &st) == 0 && S_ISREG (st.st_mode)
       ? g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0) : -1;
  if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size == 0 ||
      (guint64) st.st_size > ADM_XML_MAX_SIZE)
    {
      /* Every refusal, and an empty file, as adm_xml_read_bytes () says it. */
      if (fd >= 0)
        close (fd);
      checked = adm_xml_read_bytes (path, &length, error);
      return checked != NULL ? g_bytes_new_take (g_steal_pointer (&checked), length) : NULL;
    }
  size = (gsize) st.st_size;
  mapping = g_new0 (Mapping, 1);
  mapping->size = size;
  mapping->memory = mmap (NULL, size, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (mapping->memory == MAP_FAILED)
    {
      g_free (mapping);
      close (fd);
      checked = adm_xml_read_bytes (path, &length, error);
      return checked != NULL ? g_bytes_new_take (g_steal_pointer (&checked), length) : NULL;
    }
  while (length < size)
    {
      gssize n = read (fd, (char *) mapping->memory + length, size - length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          mapping_free (mapping);
          close (fd);
          g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO,
                       _("%s: cannot read the file: %s"), path, g_strerror (saved_errno));
          return NULL;
        }
      if (n == 0)
        break;  /* cut while being read: what there is */
      length += (gsize) n;
    }
  close (fd);
  return g_bytes_new_with_free_func (mapping->memory, length, mapping_free, mapping);
}

xmlDoc *
adm_xml_read_file (const char  *path,
                   const char  *schema,
                   GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  data = adm_xml_read_bytes (path, &length, error);
  if (data == NULL)
    return NULL;
  return adm_xml_read_memory (data, length, path, schema, error);
}

xmlDoc *
adm_xml_parse_file (const char  *path,
                    GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  data = adm_xml_read_bytes (path, &length, error);
  if (data == NULL)
    return NULL;
  return parse_memory (data, length, path, NULL, error);
}

xmlDoc *
adm_xml_parse_memory (const char  *data,
                      gsize        length,
                      const char  *display_name,
                      GError     **error)
{
  g_return_val_if_fail (display_name != NULL, NULL);

  return parse_memory (data, length, display_name, NULL, error);
}

gboolean
adm_xml_is (xmlNode    *node,
            const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE &&
         xmlStrcmp (node->name, (const xmlChar *) name) == 0;
}

/* The first element at or after @node among its siblings named @name (any when NULL). */
static xmlNode *
element_from (xmlNode    *node,
              const char *name)
{
  for (; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE && (name == NULL || adm_xml_is (node, name)))
      return node;
  return NULL;
}

xmlNode *
adm_xml_first_element (xmlNode    *parent,
                       const char *name)
{
  g_return_val_if_fail (parent != NULL, NULL);
  return element_from (parent->children, name);
}

xmlNode *
adm_xml_next_element (xmlNode    *node,
                      const char *name)
{
  g_return_val_if_fail (node != NULL, NULL);
  return element_from (node->next, name);
}

char *
adm_xml_get_string (xmlNode    *node,
                    const char *name)
{
  xmlChar *value;
  char *copy;

  g_return_val_if_fail (node != NULL, NULL);

  value = xmlGetProp (node, (const xmlChar *) name);
  if (value == NULL)
    return NULL;
  copy = g_strdup ((const char *) value);
  xmlFree (value);
  return copy;
}

gboolean
adm_xml_is_char (gunichar c)
{
  return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 && c <= 0xd7ff) ||
         (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

gunichar
adm_xml_first_bad_char (const char *text)
{
  const guchar *ascii = (const guchar *) text;

  /* Most texts are printable ASCII, which XML allows all of: looked at byte by byte, and
   * character by character only from the first byte that is not. */
  while (*ascii >= 0x20 && *ascii < 0x80)
    ascii++;
  if (*ascii == '\0')
    return 0;
  text = (const char *) ascii;
  if (!g_utf8_validate (text, -1, NULL))
    return (gunichar) -1;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!adm_xml_is_char (c))
        return c;
    }
  return 0;
}

char *
adm_xml_get_text (xmlNode *node)
{
  xmlChar *value;
  char *copy;

  g_return_val_if_fail (node != NULL, NULL);

  value = xmlNodeGetContent (node);
  if (value == NULL)
    return g_strdup ("");
  copy = g_strdup ((const char *) value);
  xmlFree (value);
  return copy;
}

gboolean
adm_xml_get_int (xmlNode     *node,
                 const char  *name,
                 gboolean     required,
                 int          fallback,
                 int         *out,
                 const char  *display_name,
                 GError     **error)
{
  g_autofree char *value = adm_xml_get_string (node, name);
  gint64 parsed;

  if (value == NULL)
    {
      if (required)
        {
          adm_xml_set_error (error, display_name, node,
                             _("<%s> needs the attribute “%s”"), (const char *) node->name, name);
          return FALSE;
        }
      *out = fallback;
      return TRUE;
    }

  g_strstrip (value);
  if (!g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &parsed, NULL))
    {
      adm_xml_set_error (error, display_name, node,
                         _("<%s> attribute “%s” must be a whole number, not “%s”"),
                         (const char *) node->name, name, value);
      return FALSE;
    }
  *out = (int) parsed;
  return TRUE;
}

gboolean
adm_xml_get_double (xmlNode     *node,
                    const char  *name,
                    gboolean     required,
                    double       fallback,
                    double      *out,
                    const char  *display_name,
                    GError     **error)
{
  g_autofree char *value = adm_xml_get_string (node, name);
  char *end = NULL;
  double parsed;

  if (value == NULL)
    {
      if (required)
        {
          adm_xml_set_error (error, display_name, node,
                             _("<%s> needs the attribute “%s”"), (const char *) node->name, name);
          return FALSE;
        }
      *out = fallback;
      return TRUE;
    }

  g_strstrip (value);
  parsed = g_ascii_strtod (value, &end);
  if (*value == '\0' || end == NULL || *end != '\0' || !isfinite (parsed))
    {
      adm_xml_set_error (error, display_name, node,
                         _("<%s> attribute “%s” must be a number, not “%s”"),
                         (const char *) node->name, name, value);
      return FALSE;
    }
  *out = parsed;
  return TRUE;
}

gboolean
adm_xml_get_boolean (xmlNode    *node,
                     const char *name,
                     gboolean    fallback)
{
  g_autofree char *value = adm_xml_get_string (node, name);

  if (value == NULL)
    return fallback;
  return g_str_equal (value, "true") || g_str_equal (value, "1");
}

/* Bytes read to find a file's root element. */
#define ROOT_PEEK_SIZE 16384

/* The name of the first element of the file at @path, skipping the XML declaration,
 * comments and processing instructions; NULL when the start is not XML. */
char *
adm_xml_peek_root (const char *path)
{
  g_autofree char *buffer = g_malloc (ROOT_PEEK_SIZE + 1);
  const char *p, *start;
  FILE *file = g_fopen (path, "rb");
  size_t length;

  if (file == NULL)
    return NULL;
  length = fread (buffer, 1, ROOT_PEEK_SIZE, file);
  fclose (file);
  buffer[length] = '\0';

  p = buffer;
  if (g_str_has_prefix (p, "\xef\xbb\xbf"))
    p += 3;
  while (*p != '\0')
    {
      if (g_ascii_isspace (*p))
        p++;
      else if (*p != '<')
        return NULL;
      else if (g_str_has_prefix (p, "<!--"))
        {
          if ((p = strstr (p + 4, "-->")) == NULL)
            return NULL;
          p += 3;
        }
      else if (p[1] == '?' || p[1] == '!')
        {
          if ((p = strchr (p, '>')) == NULL)
            return NULL;
          p++;
        }
      else
        {
          start = ++p;
          while (g_ascii_isalnum (*p) || *p == '-' || *p == '_' || *p == '.' || *p == ':')
            p++;
          return p > start ? g_strndup (start, p - start) : NULL;
        }
    }

  return NULL;
}
