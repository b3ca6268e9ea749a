/* Stand-in for the NetBeans Wizard library (wizard-0.998.1.jar), which Vengine.jar needs but which is
 * neither inside the jar nor packaged by Debian. Only what VASSAL 3.6 links against is declared; a
 * wizard is shown only through the driver the harness installs (see WizardDisplayer). */
package org.netbeans.spi.wizard;

public final class WizardController {
  public static final int MODE_CAN_CONTINUE = 1;
  public static final int MODE_CAN_FINISH = 2;
  public static final int MODE_CAN_CONTINUE_OR_FINISH = 3;

  private String problem;
  private int mode = MODE_CAN_CONTINUE;

  public void setProblem(String value) {
    problem = value;
  }

  public String getProblem() {
    return problem;
  }

  public void setForwardNavigationMode(int value) {
    mode = value;
  }

  public int getForwardNavigationMode() {
    return mode;
  }
}
