/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared; a
 * wizard is shown only through the driver the harness installs (see WizardDisplayer). */
package org.netbeans.modules.wizard;

import java.util.HashMap;

public class MergeMap extends HashMap<Object, Object> {
  private static final long serialVersionUID = 1L;
  private final String id;

  public MergeMap(String id) {
    this.id = id;
  }

  public String currID() {
    return id;
  }
}
